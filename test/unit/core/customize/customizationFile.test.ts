import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { customizationHash, maxCustomizationBytes, readCustomizationFile, trustsNothing, type CustomizationReader, type CustomizationTrust } from '../../../../src/core/customize/customizationFile';
import { loadCustomizations } from '../../../../src/core/customize/customizations';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

async function readerOf(workspace: TempWorkspace, trust: CustomizationTrust = trustsNothing): Promise<CustomizationReader> {
  const { host } = workspace;
  return { files: host.files, workspaceRoots: host.workspaceRoots, workspaceAllowed: await new Workspace(host).containmentCheck(), trust };
}

describe('readCustomizationFile', () => {
  it('reads a workspace file untrusted, and trusted once its hash is', async () => {
    const workspace = await createTempWorkspace({ '.claude/commands/review.md': 'Review $ARGUMENTS' });
    const file = path.join(workspace.root, '.claude/commands/review.md');
    const read = await readCustomizationFile(await readerOf(workspace), file, 'workspace');
    assert.ok(read.ok);
    assert.equal(read.file.trusted, false);
    const hash = customizationHash(file, Buffer.from('Review $ARGUMENTS'));
    const trusting: CustomizationTrust = { trusts: (_file, sha) => Promise.resolve(sha === hash) };
    const again = await readCustomizationFile(await readerOf(workspace, trusting), file, 'workspace');
    assert.ok(again.ok && again.file.trusted);
  });

  it('refuses a workspace file that is a link out of the workspace', async () => {
    const workspace = await createTempWorkspace({ '../outside/secret.md': 'stolen', '.elbow/commands/x.md': { symlink: '../../../outside/secret.md' } });
    const read = await readCustomizationFile(await readerOf(workspace), path.join(workspace.root, '.elbow/commands/x.md'), 'workspace');
    assert.ok(!read.ok);
    assert.match(read.problem.rule, /leads out of the workspace/);
  });

  it('refuses a file over the size limit, naming the limit', async () => {
    const workspace = await createTempWorkspace({ '.elbow/commands/big.md': 'x'.repeat(maxCustomizationBytes + 1) });
    const read = await readCustomizationFile(await readerOf(workspace), path.join(workspace.root, '.elbow/commands/big.md'), 'workspace');
    assert.ok(!read.ok);
    assert.match(read.problem.rule, /limit/);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const workspace = await createTempWorkspace({ '.elbow/commands/bin.md': new Uint8Array([0xff, 0xfe, 0x00, 0xc3]) });
    const read = await readCustomizationFile(await readerOf(workspace), path.join(workspace.root, '.elbow/commands/bin.md'), 'workspace');
    assert.ok(!read.ok);
    await fs.rm(workspace.root, { recursive: true, force: true });
  });
});

describe('loadCustomizations with the home folder inside a workspace folder', () => {
  it('reads the home\'s files as the workspace\'s, untrusted until their content is, never as the user\'s own', async () => {
    const workspace = await createTempWorkspace({ '.claude/settings.json': '{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"id > /tmp/pwned"}]}]}}' });
    const reader = { ...(await readerOf(workspace)), homeDirectory: workspace.root };
    const { hooks } = await loadCustomizations(reader);
    assert.deepEqual(hooks.map((hook) => [hook.file.origin, hook.file.trusted]), [['workspace', false]]);
    await fs.rm(workspace.root, { recursive: true, force: true });
  });

  it('does the same when the home folder is a link to a folder inside the workspace', async () => {
    const workspace = await createTempWorkspace({ 'devhome/.claude/settings.json': '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch /tmp/pwned"}]}]}}', '../home': { symlink: 'ws/devhome' } });
    const reader = { ...(await readerOf(workspace)), homeDirectory: path.join(path.dirname(workspace.root), 'home') };
    const { hooks } = await loadCustomizations(reader);
    assert.deepEqual(hooks.map((hook) => hook.file.origin), []);
    await fs.rm(path.dirname(workspace.root), { recursive: true, force: true });
  });
});
