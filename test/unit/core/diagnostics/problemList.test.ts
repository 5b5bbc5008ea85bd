import assert from 'node:assert/strict';
import * as path from 'node:path';
import { problemCount, problemLines } from '../../../../src/core/diagnostics/problemList';
import { problem } from '../../../support/fakeDiagnostics';

const shown = (absolute: string): string => path.relative('/w', absolute);

describe('problem lines', () => {
  it('gives workspace-relative path:line:column, severity, the TypeScript code as the editor shows it, the message on one line and the source', () => {
    const lines = problemLines([problem('/w/src/a.ts', 12, "Type 'string' is not assignable\n  to type 'number'.")], shown);
    assert.deepEqual(lines, ["src/a.ts:12:5 error TS2322: Type 'string' is not assignable to type 'number'. (ts)"]);
  });

  it('puts errors first, then by file and line, and caps with a count of the rest', () => {
    const many = Array.from({ length: 25 }, (_, index) => problem('/w/b.ts', 25 - index, `warning ${index}`, 'warning'));
    const lines = problemLines([...many, problem('/w/z.ts', 1, 'the error')], shown);
    assert.equal(lines.length, 21);
    assert.match(lines[0] ?? '', /^z\.ts:1:5 error/);
    assert.match(lines[1] ?? '', /^b\.ts:1:5 warning/);
    assert.equal(lines[20], '… and 6 more');
  });

  it('leaves out a code or source the server did not give', () => {
    assert.deepEqual(problemLines([{ path: '/w/a.py', line: 1, column: 1, severity: 'hint', message: 'Unused.' }], shown), ['a.py:1:1 hint: Unused.']);
  });

  it('counts by severity', () => {
    assert.equal(problemCount([problem('/w/a', 1, 'a'), problem('/w/a', 2, 'b'), problem('/w/a', 3, 'c', 'warning')]), '2 errors, 1 warning');
  });
});
