import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { WorktreeManager } from '../../../../src/node/worktrees/worktreeManager';
import { worktreeOfCrashedProcess } from '../../../support/crashedWorktree';
import { createTempRepository, useTestGitEnvironment, type TempRepository } from '../../../support/gitRepository';

const HOOKS = ['post-checkout', 'reference-transaction', 'post-index-change', 'pre-commit', 'post-commit', 'pre-auto-gc', 'post-rewrite', 'post-merge', 'pre-push', 'fsmonitor-watchman'];

/** A program that, when anything runs it, notes its name in `marker`. */
async function trap(file: string, marker: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `#!/bin/sh\necho "${path.basename(file)}" >> '${marker}'\ncat\n`, { mode: 0o755 });
}

/** Settings that name programs: the file system monitor, a filter for `*.txt` (clean, smudge, process, required), signing, a pager, an external diff. */
function programSettings(program: string, filter: string): string {
  return [
    '[core]', `\tfsmonitor = ${program}`, `\tpager = ${program}`,
    `[filter "${filter}"]`, `\tclean = ${program}`, `\tsmudge = ${program}`, `\tprocess = ${program}`, '\trequired = true',
    '[commit]', '\tgpgSign = true', '[gpg]', `\tprogram = ${program}`,
    '[diff]', `\texternal = ${program}`,
    '[gc]', '\tauto = 1', '\tautoDetach = false',
  ].join('\n');
}

describe('Elbow\'s git runs no program the repository names', function () {
  this.timeout(90_000);
  let restoreGit: () => void;
  let temp: TempRepository;
  let marker: string;
  before(() => (restoreGit = useTestGitEnvironment()));
  after(() => restoreGit());
  beforeEach(async () => {
    temp = await createTempRepository({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    marker = path.join(temp.base, 'ran');
  });
  afterEach(() => temp.cleanup());

  async function makeEveryChange(): Promise<void> {
    await fs.writeFile(path.join(temp.repo, 'a.txt'), 'a, uncommitted\n');
    const manager = new WorktreeManager({ folder: temp.worktrees });
    const kept = await manager.create(temp.repo, { label: 'kept' });
    await fs.writeFile(path.join(kept.path, 'new.txt'), 'new\n');
    await fs.writeFile(path.join(kept.path, 'b.txt'), 'b, changed\n');
    await manager.changes(kept);
    await manager.keepOnBranch(kept, 'Kept');
    const dropped = await manager.create(temp.repo, { label: 'dropped' });
    await fs.writeFile(path.join(dropped.path, 'new.txt'), 'new\n');
    await manager.remove(dropped, { deleteBranch: true });
    const crashed = await worktreeOfCrashedProcess(temp.worktrees, temp.repo);
    await fs.writeFile(path.join(crashed.path, 'half.txt'), 'half done\n');
    await manager.cleanUpStale();
    assert.equal(temp.git('show', `${kept.branch}:new.txt`), 'new');
  }

  async function ran(): Promise<string> {
    return await fs.readFile(marker, 'utf8').catch(() => '');
  }

  it('through every hook, the file system monitor, filters, signing, a pager or an external diff set in .git/config', async () => {
    const program = path.join(temp.base, 'program.sh');
    await trap(program, marker);
    for (const hook of HOOKS) await trap(path.join(temp.repo, '.git', 'hooks', hook), marker);
    await fs.appendFile(path.join(temp.repo, '.git', 'config'), `${programSettings(program, 'x')}\n`);
    await fs.writeFile(path.join(temp.repo, '.git', 'info', 'attributes'), '*.txt filter=x\n');
    await makeEveryChange();
    assert.equal(await ran(), '');
  });

  it('through settings of a tracked file the configuration includes, hooks in a tracked core.hooksPath folder and filters named in .gitattributes', async () => {
    const program = path.join(temp.base, 'program.sh');
    await trap(program, marker);
    for (const hook of HOOKS) await trap(path.join(temp.repo, 'tools', 'hooks', hook), marker);
    await fs.writeFile(path.join(temp.repo, 'settings.inc'), `[core]\n\thooksPath = tools/hooks\n${programSettings(program, 'in.cluded')}\n`);
    await fs.writeFile(path.join(temp.repo, '.gitattributes'), '*.txt filter=in.cluded\n');
    temp.git('add', '--all');
    temp.git('commit', '--quiet', '-m', 'Tools');
    temp.git('config', 'include.path', '../settings.inc');
    await makeEveryChange();
    assert.equal(await ran(), '');
  });
});
