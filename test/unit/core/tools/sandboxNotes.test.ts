import assert from 'node:assert/strict';
import { placementLabel, sandboxFailureHint } from '../../../../src/core/tools/builtin/commands/sandboxNotes';

describe('sandbox notes', () => {
  it('tells the model that git commands which change the repository must run outside the sandbox', () => {
    const hint = sandboxFailureHint("fatal: Unable to create '/work/app/.git/index.lock': Read-only file system");
    assert.match(hint ?? '', /\.git is read-only there, so git commands that change the repository \(add, commit, checkout, stash…\) must run outside it/);
    assert.match(hint ?? '', /outside_sandbox: true and a one-sentence reason/);
  });

  it('names other blocked writes and the network, and says nothing for failures the sandbox does not explain', () => {
    assert.match(sandboxFailureHint('touch: cannot touch \'/usr/x\': Read-only file system') ?? '', /writes outside the workspace folders/);
    assert.match(sandboxFailureHint('curl: (6) Could not resolve host: example.com') ?? '', /no network access/);
    assert.equal(sandboxFailureHint('SyntaxError: Unexpected token'), undefined);
  });

  it('labels where a command ran, and nothing where no sandbox can run', () => {
    assert.deepEqual([placementLabel(true, true), placementLabel(false, true), placementLabel(false, false)], ['sandboxed', 'outside the sandbox', undefined]);
  });
});
