import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { defaultSandboxSettings } from '../../../../src/core/sandbox/sandboxSettings';
import { CommandSandbox } from '../../../../src/node/sandbox/commandSandbox';
import { worktreeSandboxOptions } from '../../../../src/node/worktrees/worktreeHost';
import { WorktreeManager, type Worktree } from '../../../../src/node/worktrees/worktreeManager';
import { createTempRepository, testGitEnvironment, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';
import { runInSandbox } from '../../../support/sandboxRun';

describe('a worktree task\'s commands in the sandbox (bubblewrap)', function () {
  this.timeout(60_000);
  let restoreGit: () => void;
  let temp: TempRepository;
  let home: string;
  let dataFolder: string;
  let worktree: Worktree;
  let other: Worktree;
  let sandbox: CommandSandbox;
  const run = (command: string) => runInSandbox(sandbox, command, worktree.path);

  before(async function () {
    if (process.platform !== 'linux') this.skip();
    restoreGit = useTestGitEnvironment();
    // The repository in the home folder, which the sandbox covers; Elbow's data folder elsewhere (ELBOW_DATA_DIR), where only its hiding keeps it from commands.
    temp = await createTempRepository({ 'src/a.ts': 'one\n', '.gitignore': 'dist/\n' }, { base: '/var/tmp', repo: 'home/projects/my repo', worktrees: 'elbow data/worktrees' });
    home = path.join(temp.base, 'home');
    dataFolder = path.join(temp.base, 'elbow data');
    await fs.mkdir(path.join(dataFolder, 'transcripts'), { recursive: true });
    await fs.writeFile(path.join(dataFolder, 'transcripts', 'secret.jsonl'), 'a conversation\n');
    const manager = new WorktreeManager({ folder: temp.worktrees });
    other = await manager.create(temp.repo, { label: 'other' });
    await fs.writeFile(path.join(other.path, 'other.txt'), 'another task\'s file\n');
    worktree = await manager.create(temp.repo, { label: 'task' });
    sandbox = new CommandSandbox(worktreeSandboxOptions(worktree, {
      roots: () => [temp.repo],
      settings: () => defaultSandboxSettings,
      ownDataFolders: () => [dataFolder],
      quarantineFolder: path.join(temp.base, 'quarantine'),
      homeDirectory: home,
      environment: { ...process.env, ...testGitEnvironment, HOME: home },
    }));
    const status = await sandbox.status();
    if (!status.available) this.skip();
  });
  after(async () => {
    await sandbox?.dispose();
    await temp?.cleanup();
    restoreGit?.();
  });

  it('writes in the worktree and runs git there: status, diff, log', async () => {
    const result = await run('echo two > src/a.ts && echo new > "b c.txt" && git status --porcelain && git diff --stat && git log --oneline -1');
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, / M src\/a\.ts/);
    assert.match(result.output, /\?\? "b c\.txt"/);
    assert.match(result.output, /First/);
    assert.equal(await fs.readFile(path.join(worktree.path, 'src/a.ts'), 'utf8'), 'two\n');
  });

  it('cannot write the main repository: its files, its hooks and configuration, the worktree\'s git folder there', async () => {
    const gitDir = worktree.gitDir;
    const result = await run([
      `echo x > ${JSON.stringify(path.join(temp.repo, 'src/a.ts'))}`,
      `echo x > ${JSON.stringify(path.join(temp.repo, '.git/hooks/pre-commit'))}`,
      `echo x >> ${JSON.stringify(path.join(temp.repo, '.git/config'))}`,
      `echo /tmp > ${JSON.stringify(path.join(gitDir, 'commondir'))}`,
      `echo x > ${JSON.stringify(path.join(gitDir, 'config.worktree'))}`,
      'git commit --allow-empty -m sneaky',
      'echo end',
    ].join('; '));
    assert.match(result.output, /end/);
    assert.equal(await fs.readFile(path.join(temp.repo, 'src/a.ts'), 'utf8'), 'one\n');
    await assert.rejects(fs.stat(path.join(temp.repo, '.git/hooks/pre-commit')));
    assert.doesNotMatch(await fs.readFile(path.join(temp.repo, '.git/config'), 'utf8'), /^x$/m);
    assert.equal(await fs.readFile(path.join(gitDir, 'commondir'), 'utf8'), '../..\n');
    await assert.rejects(fs.stat(path.join(gitDir, 'config.worktree')));
    assert.equal(temp.git('rev-parse', worktree.branch), worktree.baseCommit, 'no commit was made from inside');
  });

  it('cannot point the worktree\'s .git file elsewhere', async () => {
    const before = await fs.readFile(path.join(worktree.path, '.git'), 'utf8');
    await run('echo "gitdir: /var/tmp/elsewhere" > .git; rm -f .git; mv .git moved; echo end');
    assert.equal(await fs.readFile(path.join(worktree.path, '.git'), 'utf8'), before);
  });

  it('cannot write the hooks folder core.hooksPath names in the shared repository\'s configuration', async () => {
    temp.git('config', 'core.hooksPath', 'tools/hooks');
    try {
      const result = await run('mkdir -p tools/hooks; echo "#!/bin/sh" > tools/hooks/reference-transaction; echo end');
      assert.match(result.output, /end/);
      await assert.rejects(fs.stat(path.join(worktree.path, 'tools/hooks/reference-transaction')));
    } finally {
      temp.git('config', '--unset', 'core.hooksPath');
    }
  });

  it('does not see Elbow\'s other data or other tasks\' worktrees', async () => {
    const result = await run(['transcripts/secret.jsonl', `worktrees/${other.id}/other.txt`, `worktrees/${other.id}.worktree.json`].map((file) => `cat ${JSON.stringify(path.join(dataFolder, file))}`).join('; ') + '; echo end');
    assert.doesNotMatch(result.output, /a conversation/);
    assert.doesNotMatch(result.output, /another task/);
    assert.doesNotMatch(result.output, /baseCommit/);
    assert.match(result.output, /end/);
  });
});
