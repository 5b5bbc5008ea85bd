import assert from 'node:assert/strict';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../../../src/core/host/fileChanges';
import { FakeDiagnostics, problem } from '../../../support/fakeDiagnostics';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('problems after an edit', () => {
  let temp: TempWorkspace;
  let diagnostics: FakeDiagnostics;

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'src/a.ts': 'const n = 1;\n', 'src/user.ts': '', 'secret/user.ts': '', '.elbowignore': 'secret/\n' });
    diagnostics = new FakeDiagnostics();
    Object.assign(temp.host, { diagnostics });
  });
  afterEach(() => temp.cleanup());

  it('appends the problems the edit introduced, in the file and its importers, after the edit result', async () => {
    diagnostics.reported = [problem(temp.path('src/a.ts'), 9, 'Old problem.')];
    diagnostics.afterEdit = [problem(temp.path('src/a.ts'), 9, 'Old problem.'), problem(temp.path('src/a.ts'), 1, "Type 'string' is not assignable to type 'number'."), problem(temp.path('src/user.ts'), 4, 'Importer broke.', 'error', '2305')];
    const result = await temp.callTool('edit_file', { path: 'src/a.ts', old_str: '1', new_str: '"1"' });
    assert.equal(result.isError, false);
    assert.deepEqual(diagnostics.watched, [temp.path('src/a.ts')]);
    assert.match(
      result.text,
      /\nNew problems after this edit \(2 errors\):\nsrc\/a\.ts:1:5 error TS2322: Type 'string' is not assignable to type 'number'\. \(ts\)\nsrc\/user\.ts:4:5 error TS2305: Importer broke\. \(ts\)$/,
    );
  });

  it('adds nothing when the edit introduced no problem, or only in a file hidden by .elbowignore', async () => {
    assert.doesNotMatch((await temp.callTool('write_file', { path: 'src/a.ts', content: 'const n = 2;\n' })).text, /problem/i);
    diagnostics.afterEdit = [problem(temp.path('secret/user.ts'), 1, 'Hidden file broke.')];
    assert.doesNotMatch((await temp.callTool('edit_file', { path: 'src/a.ts', old_str: '2', new_str: '3' })).text, /problem|Hidden/i);
  });

  it('does not wait when the edit was rejected', async () => {
    const rejecting: FileChanges = { apply: async (_change: ProposedChange): Promise<ChangeOutcome> => ({ status: 'rejected' }) };
    Object.assign(temp.host, { changes: rejecting });
    diagnostics.afterEdit = [problem(temp.path('src/a.ts'), 1, 'Would be new.')];
    const result = await temp.callTool('edit_file', { path: 'src/a.ts', old_str: '1', new_str: '2' });
    assert.doesNotMatch(result.text, /Would be new/);
    assert.equal(diagnostics.disposed, 1);
  });
});
