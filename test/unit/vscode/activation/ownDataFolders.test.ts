import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { defaultSandboxSettings } from '../../../../src/core/sandbox/sandboxSettings';
import { sessionsFolder } from '../../../../src/node/dataFolder';
import { CommandSandbox } from '../../../../src/node/sandbox/commandSandbox';
import { ownDataFolders } from '../../../../src/vscode/activation/ownDataFolders';
import { runInSandbox } from '../../../support/sandboxRun';

describe('the sandbox of VS Code\'s commands and Elbow\'s data folder', function () {
  this.timeout(30_000);
  let base: string;
  beforeEach(async () => {
    // Outside /tmp, which the sandbox replaces by one of its own.
    base = await fs.realpath(await fs.mkdtemp('/var/tmp/elbow-own-data-'));
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('hides the sessions shared with the terminal, wherever ELBOW_DATA_DIR puts the data folder', async () => {
    const root = path.join(base, 'ws');
    const home = path.join(base, 'home');
    const dataFolder = path.join(base, 'elbow-data');
    const session = path.join(sessionsFolder(dataFolder, root), 'a-session.json');
    await fs.mkdir(root, { recursive: true });
    await fs.mkdir(home, { recursive: true });
    await fs.mkdir(path.dirname(session), { recursive: true });
    await fs.writeFile(session, '{"messages":"the terminal session"}');
    const sandbox = new CommandSandbox({
      roots: () => [root],
      settings: () => defaultSandboxSettings,
      ownDataFolders: () => ownDataFolders({ globalStorage: path.join(base, 'globalStorage'), storageFolder: path.join(base, 'workspaceStorage'), dataFolder }),
      quarantineFolder: path.join(base, 'quarantine'),
      homeDirectory: home,
    });
    try {
      const run = await runInSandbox(sandbox, `cat ${JSON.stringify(session)}; echo "listed:$(ls -A ${JSON.stringify(dataFolder)})."`, root);
      assert.doesNotMatch(run.output, /the terminal session/);
      assert.match(run.output, /listed:\.$/m, 'the data folder shows empty');
    } finally {
      await sandbox.dispose();
    }
  });
});
