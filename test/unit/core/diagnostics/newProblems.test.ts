import assert from 'node:assert/strict';
import { newProblems } from '../../../../src/core/diagnostics/newProblems';
import { problem } from '../../../support/fakeDiagnostics';

describe('which problems an edit introduced', () => {
  it('leaves out problems that were there before, even when lines above them moved them', () => {
    const before = [problem('/w/a.ts', 10, "Type 'string' is not assignable to type 'number'.")];
    const after = [problem('/w/a.ts', 12, "Type 'string' is not assignable to type 'number'."), problem('/w/a.ts', 3, "Cannot find name 'x'.", 'error', '2304')];
    assert.deepEqual(
      newProblems(before, after).map((found) => found.message),
      ["Cannot find name 'x'."],
    );
  });

  it('counts a second copy of an old problem as new', () => {
    const old = problem('/w/a.ts', 1, 'Unused variable.', 'warning');
    assert.equal(newProblems([old], [old, { ...old, line: 7 }]).length, 1);
  });

  it('tells the same message apart by file, severity, source and code', () => {
    const old = problem('/w/a.ts', 1, 'Same text.');
    const after = [{ ...old, path: '/w/b.ts' }, { ...old, severity: 'warning' as const }, { ...old, source: 'eslint' }, { ...old, code: '1' }];
    assert.equal(newProblems([old], after).length, 4);
  });
});
