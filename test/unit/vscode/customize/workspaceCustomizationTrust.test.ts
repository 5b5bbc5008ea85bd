import { strict as assert } from 'node:assert';
import { customizationHash } from '../../../../src/core/customize/customizationFile';
import { WorkspaceCustomizationTrust, type TrustState } from '../../../../src/vscode/customize/workspaceCustomizationTrust';
import { readFile } from '../../core/customize/customizationsFixture';

/** VS Code's workspace state, in memory. */
function memoryState(): TrustState {
  const values = new Map<string, unknown>();
  return { get: <T>(key: string) => values.get(key) as T | undefined, update: (key, value) => (values.set(key, value), Promise.resolve()) };
}

describe('WorkspaceCustomizationTrust: the workspace files the user trusted, by content', () => {
  const file = '/work/project/.claude/settings.json';
  const text = '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"./check.sh"}]}]}}';

  it('trusts a file by the hash of its path and bytes once told, and the same file changed not', async () => {
    const trust = new WorkspaceCustomizationTrust(memoryState(), () => true);
    const read = readFile(file, text);
    assert.equal(await trust.trusts(file, read.sha256), false);
    await trust.trust([read]);
    assert.equal(await trust.trusts(file, read.sha256), true);
    assert.equal(await trust.trusts(file, customizationHash(file, Buffer.from(`${text}\n`))), false, 'a changed file');
    assert.equal(await trust.trusts('/elsewhere/.claude/settings.json', customizationHash('/elsewhere/.claude/settings.json', Buffer.from(text))), false, 'the same bytes elsewhere');
  });

  it('trusts nothing in Restricted Mode, and what it knew again once the workspace is trusted', async () => {
    let workspaceTrusted = true;
    const trust = new WorkspaceCustomizationTrust(memoryState(), () => workspaceTrusted);
    const read = readFile(file, text);
    await trust.trust([read]);
    workspaceTrusted = false;
    assert.equal(await trust.trusts(file, read.sha256), false);
    workspaceTrusted = true;
    assert.equal(await trust.trusts(file, read.sha256), true);
  });

  it('keeps only workspace files, and forgets them all when asked', async () => {
    const state = memoryState();
    const trust = new WorkspaceCustomizationTrust(state, () => true);
    await trust.trust([readFile(file, text), readFile('/home/me/.elbow/settings.json', '{}', 'user')]);
    assert.equal((state.get<string[]>('elbow.customize.trustedFiles') ?? []).length, 1);
    await trust.forgetAll();
    assert.equal(await trust.trusts(file, readFile(file, text).sha256), false);
  });
});
