import assert from 'node:assert/strict';
import type { AgentEvent, RunOutcome } from '../../../../src/core/agent/agentEvents';
import type { TaskRun, WorktreeTaskState } from '../../../../src/vscode/tasks/worktreeTasks';
import { WorktreeTasks } from '../../../../src/vscode/tasks/worktreeTasks';
import type { TaskWorktree, WorktreeFileChange, WorktreeStore } from '../../../../src/vscode/tasks/worktreeStore';

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

/** Worktrees in memory: what was made, kept and removed. */
class FakeWorktrees implements WorktreeStore {
  made: TaskWorktree[] = [];
  kept: string[] = [];
  removed: Array<{ path: string; deleteBranch: boolean }> = [];
  changesOf = new Map<string, WorktreeFileChange[]>();
  failure: Error | undefined;
  stale: TaskWorktree[] = [];

  async create(repoRoot: string, options?: { label?: string }): Promise<TaskWorktree> {
    await Promise.resolve();
    if (this.failure !== undefined) throw this.failure;
    const n = this.made.length + 1;
    const worktree = { id: `w${n}`, repoRoot, path: `/worktrees/w${n}`, branch: `elbow/${options?.label ?? 'task'}-${n}`, gitDir: `/repo/.git/worktrees/w${n}`, baseCommit: 'abc', headCommit: 'abc', createdAt: '' };
    this.made.push(worktree);
    return worktree;
  }

  changesFailure: Error | undefined;

  async changes(worktree: TaskWorktree): Promise<WorktreeFileChange[]> {
    if (this.changesFailure !== undefined) throw this.changesFailure;
    return this.changesOf.get(worktree.path) ?? [];
  }

  async keepOnBranch(worktree: TaskWorktree): Promise<{ branch: string; commit?: string }> {
    this.kept.push(worktree.path);
    return { branch: worktree.branch, commit: 'def' };
  }

  async remove(worktree: TaskWorktree, options?: { deleteBranch?: boolean }): Promise<void> {
    this.removed.push({ path: worktree.path, deleteBranch: options?.deleteBranch === true });
  }

  async cleanUpStale(): Promise<TaskWorktree[]> {
    return this.stale;
  }
}

/** A run the test ends when it wants, one per task's prompt. */
class ScriptedRuns {
  readonly started: TaskRun[] = [];
  private readonly endings = new Map<string, (outcome: RunOutcome) => void>();
  private readonly reporters = new Map<string, (event: AgentEvent) => void>();

  run = (task: TaskRun, report: (event: AgentEvent) => void, signal: AbortSignal): Promise<RunOutcome> => {
    this.started.push(task);
    this.reporters.set(task.prompt, report);
    return new Promise((resolve) => {
      this.endings.set(task.prompt, resolve);
      signal.addEventListener('abort', () => resolve({ reason: 'cancelled', message: 'The user stopped it.' }));
    });
  };

  report(prompt: string, event: AgentEvent): void {
    this.reporters.get(prompt)?.(event);
  }

  end(prompt: string, outcome: RunOutcome): void {
    this.endings.get(prompt)?.(outcome);
  }
}

function usage(input: number, output: number, cost: number | null): AgentEvent {
  return { type: 'usage', usage: { inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 }, cost };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(condition(), 'the condition never held');
}

function setUp(options: { repoRoot?: string } = { repoRoot: '/repo' }) {
  const { repoRoot } = options;
  const worktrees = new FakeWorktrees();
  const runs = new ScriptedRuns();
  const errors: string[] = [];
  const reviewed: Array<{ task: WorktreeTaskState; changes: readonly WorktreeFileChange[] }> = [];
  /** What the next review leaves out. */
  const leaveOut: Array<{ path: string; why: string }> = [];
  const tasks = new WorktreeTasks({
    worktrees,
    repoRoot: () => repoRoot,
    defaults: () => ({ provider: 'openai', model: 'gpt-test' }),
    run: runs.run,
    reviewInWorkspace: async (task, changes) => {
      reviewed.push({ task, changes });
      return { skipped: [...leaveOut] };
    },
    showError: (message) => void errors.push(message),
    log: () => undefined,
  });
  return { worktrees, runs, errors, reviewed, leaveOut, tasks };
}

describe('WorktreeTasks', () => {
  it('runs two tasks at once, each in its own worktree, counting tokens and cost and reading the changes at the end', async () => {
    const { worktrees, runs, tasks } = setUp();
    const changes: WorktreeFileChange[] = [{ path: 'a.txt', status: 'added', kind: 'file', after: text('a\n') }];
    worktrees.changesOf.set('/worktrees/w1', changes);
    let changeEvents = 0;
    tasks.onDidChange(() => changeEvents++);
    const first = await tasks.start({ prompt: 'write a.txt' });
    const second = await tasks.start({ prompt: 'write b.txt', model: 'other-model' });
    await until(() => runs.started.length === 2);
    assert.deepEqual(runs.started.map((run) => run.worktree.path).sort(), ['/worktrees/w1', '/worktrees/w2']);
    assert.deepEqual(tasks.list().map((task) => task.status), ['running', 'running']);
    assert.equal(tasks.get(second)?.model, 'other-model');
    assert.equal(tasks.get(first)?.model, 'gpt-test');
    runs.report('write a.txt', usage(100, 20, 0.01));
    runs.report('write a.txt', usage(50, 10, 0.02));
    runs.end('write a.txt', { reason: 'completed', text: 'Wrote a.txt.' });
    await tasks.settled(first);
    const done = tasks.get(first);
    assert.equal(done?.status, 'done');
    assert.equal(done?.tokens, 180);
    assert.ok(Math.abs((done?.cost ?? 0) - 0.03) < 1e-9);
    assert.equal(done?.answer, 'Wrote a.txt.');
    assert.deepEqual(done?.changes, changes);
    assert.equal(tasks.get(second)?.status, 'running');
    assert.ok(changeEvents > 4);
    runs.report('write b.txt', usage(1, 1, null));
    assert.equal(tasks.get(second)?.cost, null, 'an unknown price makes the cost unknown');
  });

  it('shows a task whose worktree cannot be made as failed with the manager\'s message, and says so', async () => {
    const { worktrees, runs, errors, tasks } = setUp();
    worktrees.failure = new Error('/repo is not a git repository.');
    const id = await tasks.start({ prompt: 'anything' });
    await tasks.settled(id);
    const task = tasks.get(id);
    assert.equal(task?.status, 'failed');
    assert.match(task?.error ?? '', /not a git repository/);
    assert.equal(runs.started.length, 0);
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /"anything" could not start.*not a git repository/);
  });

  it('fails a task at once when no folder is open', async () => {
    const { errors, tasks } = setUp({});
    const id = await tasks.start({ prompt: 'anything' });
    await tasks.settled(id);
    assert.equal(tasks.get(id)?.status, 'failed');
    assert.match(errors[0] ?? '', /git repository/);
  });

  it('cancels a running task and keeps its worktree until the user discards it', async () => {
    const { worktrees, runs, tasks } = setUp();
    const id = await tasks.start({ prompt: 'long work' });
    await until(() => runs.started.length === 1);
    tasks.cancel(id);
    await tasks.settled(id);
    assert.equal(tasks.get(id)?.status, 'cancelled');
    assert.deepEqual(worktrees.removed, []);
    await tasks.discard(id);
    assert.equal(tasks.get(id)?.status, 'discarded');
    assert.deepEqual(worktrees.removed, [{ path: '/worktrees/w1', deleteBranch: true }]);
    await assert.rejects(tasks.discard(id), /only a finished task with its worktree/);
  });

  it('reviews a finished task\'s changes into the workspace, then removes its worktree and branch', async () => {
    const { worktrees, runs, reviewed, tasks } = setUp();
    const changes: WorktreeFileChange[] = [{ path: 'src/x.ts', status: 'modified', kind: 'file', before: text('1\n'), after: text('2\n') }];
    worktrees.changesOf.set('/worktrees/w1', changes);
    const id = await tasks.start({ prompt: 'change x' });
    await until(() => runs.started.length === 1);
    await assert.rejects(tasks.review(id), /is running/);
    runs.end('change x', { reason: 'completed', text: 'done' });
    await tasks.settled(id);
    await tasks.review(id);
    assert.equal(reviewed.length, 1);
    assert.deepEqual(reviewed[0]?.changes, changes);
    assert.equal(tasks.get(id)?.status, 'reviewed');
    assert.deepEqual(worktrees.removed, [{ path: '/worktrees/w1', deleteBranch: true }]);
  });

  it('keeps a task\'s changes on its branch', async () => {
    const { worktrees, runs, tasks } = setUp();
    const id = await tasks.start({ prompt: 'keep me' });
    await until(() => runs.started.length === 1);
    runs.end('keep me', { reason: 'completed', text: 'ok' });
    await tasks.settled(id);
    await tasks.keepOnBranch(id);
    assert.equal(tasks.get(id)?.status, 'kept');
    assert.equal(tasks.get(id)?.branch, worktrees.made[0]?.branch);
    assert.deepEqual(worktrees.kept, ['/worktrees/w1']);
  });

  it('reports a failed run with its message', async () => {
    const { runs, errors, tasks } = setUp();
    const id = await tasks.start({ prompt: 'fail' });
    await until(() => runs.started.length === 1);
    runs.end('fail', { reason: 'error', message: 'The provider said no.', kind: 'auth', retryable: false });
    await tasks.settled(id);
    assert.equal(tasks.get(id)?.status, 'failed');
    assert.equal(tasks.get(id)?.error, 'The provider said no.');
    assert.match(errors[0] ?? '', /"fail" failed: The provider said no\./);
  });

  it('on shutdown stops running tasks, keeps finished changes on their branch and removes worktrees without changes', async () => {
    const { worktrees, runs, tasks } = setUp();
    worktrees.changesOf.set('/worktrees/w1', [{ path: 'a', status: 'added', kind: 'file', after: text('a') }]);
    const withChanges = await tasks.start({ prompt: 'one' });
    const running = await tasks.start({ prompt: 'two' });
    await until(() => runs.started.length === 2);
    runs.end('one', { reason: 'completed', text: 'ok' });
    await tasks.settled(withChanges);
    await tasks.stop();
    assert.equal(tasks.get(running)?.status, 'cancelled');
    assert.deepEqual(worktrees.kept, ['/worktrees/w1']);
    assert.deepEqual(worktrees.removed, [{ path: '/worktrees/w2', deleteBranch: true }]);
  });

  it('keeps a task\'s changes on its branch when review leaves anything out, and removes only its worktree', async () => {
    const { worktrees, runs, leaveOut, tasks } = setUp();
    worktrees.changesOf.set('/worktrees/w1', [{ path: 'logo.png', status: 'added', kind: 'file', after: new Uint8Array([0x89, 0x50, 0xff]) }]);
    leaveOut.push({ path: 'logo.png', why: 'it is not UTF-8 text' });
    const id = await tasks.start({ prompt: 'add a logo' });
    await until(() => runs.started.length === 1);
    runs.end('add a logo', { reason: 'completed', text: 'done' });
    await tasks.settled(id);
    await tasks.review(id);
    assert.equal(tasks.get(id)?.status, 'reviewed');
    assert.deepEqual(worktrees.kept, ['/worktrees/w1']);
    assert.deepEqual(worktrees.removed, [], 'the branch holding what review left out stays');
    assert.equal(tasks.get(id)?.branch, worktrees.made[0]?.branch);
  });

  it('marks a task whose changes cannot be read as such and keeps its worktree and branch through review, discard and shutdown', async () => {
    const { worktrees, runs, tasks } = setUp();
    worktrees.changesFailure = new Error('git refused .Git/config');
    const id = await tasks.start({ prompt: 'unreadable' });
    await until(() => runs.started.length === 1);
    runs.end('unreadable', { reason: 'completed', text: 'done' });
    await tasks.settled(id);
    const task = tasks.get(id);
    assert.equal(task?.changesUnreadable, 'git refused .Git/config');
    assert.notDeepEqual(task?.changes, [], 'never read as "no changes"');
    await assert.rejects(tasks.review(id), /could not be read.*\/worktrees\/w1.*elbow\//);
    await assert.rejects(tasks.discard(id), /could not be read/);
    await tasks.stop();
    assert.deepEqual(worktrees.removed, []);
    assert.deepEqual(worktrees.kept, []);
    assert.equal(tasks.get(id)?.status, 'done');
    await tasks.discard(id, { unreadableConfirmed: true });
    assert.deepEqual(worktrees.removed, [{ path: '/worktrees/w1', deleteBranch: true }]);
  });
});
