// Run as a process of its own: makes a worktree of argv[3] in the folder argv[2], prints it as JSON, then waits to be killed.
import { WorktreeManager } from '../../src/node/worktrees/worktreeManager';

const [folder, repo] = process.argv.slice(2);
if (folder === undefined || repo === undefined) throw new Error('usage: worktreeOwner <folder> <repo>');
void new WorktreeManager({ folder }).create(repo, { label: 'crashed' }).then((worktree) => {
  process.stdout.write(`${JSON.stringify(worktree)}\n`);
  setInterval(() => undefined, 60_000);
});
