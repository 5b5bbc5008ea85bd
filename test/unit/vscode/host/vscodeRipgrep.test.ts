import assert from 'node:assert/strict';
import { vscodeRipgrepCandidates } from '../../../../src/vscode/host/vscodeRipgrep';

describe('vscodeRipgrepCandidates', () => {
  it('probes the places VS Code versions keep rg, newest layout first', () => {
    const candidates = vscodeRipgrepCandidates('/opt/code/resources/app', 'linux', 'x64');
    assert.equal(candidates[0], '/opt/code/resources/app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg');
    assert.ok(candidates.includes('/opt/code/resources/app/node_modules/@vscode/ripgrep/bin/rg'));
    assert.ok(candidates.includes('/opt/code/resources/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg'));
  });

  it('names rg.exe on Windows', () => {
    assert.ok(vscodeRipgrepCandidates('C:/code/app', 'win32', 'x64').every((candidate) => candidate.endsWith('rg.exe')));
  });
});
