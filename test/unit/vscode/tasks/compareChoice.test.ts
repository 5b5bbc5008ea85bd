import * as assert from 'node:assert/strict';
import { resultsToDiscard, reviewChosen } from '../../../../src/vscode/tasks/compareChoice';
import { startComparison } from '../../../../src/vscode/tasks/compareGroup';
import { FakeWorktreeTasks } from './fakeWorktreeTasks';

async function fourModels(): Promise<{ tasks: FakeWorktreeTasks; ids: string[] }> {
  const tasks = new FakeWorktreeTasks();
  await tasks.start({ prompt: 'not compared' });
  const started = await startComparison(tasks, 'p', ['a', 'b', 'c', 'd'].map((model) => ({ provider: 'openai', model })));
  return { tasks, ids: started.taskIds };
}

describe('Compare: reviewing one result', () => {
  it('hands the chosen one to review, then cancels the running other and discards the others of its group only', async () => {
    const { tasks, ids } = await fourModels();
    const [a, b, c, d] = ids;
    tasks.update(a ?? '', { status: 'done' });
    tasks.update(b ?? '', { status: 'done' });
    tasks.update(c ?? '', { status: 'discarded' });
    await reviewChosen(tasks, a ?? '', 'discard');
    assert.deepEqual(tasks.calls, [`review ${a}`, `discard ${b}`, `cancel ${d}`, `discard ${d}`]);
    assert.equal(tasks.get('task-1')?.status, 'running', 'a task outside the comparison is left alone');
  });

  it('keeps the others when asked to', async () => {
    const { tasks, ids } = await fourModels();
    tasks.update(ids[1] ?? '', { status: 'done' });
    await reviewChosen(tasks, ids[1] ?? '', 'keep');
    assert.deepEqual(tasks.calls, [`review ${ids[1]}`]);
  });

  it('discards nothing when review cannot start', async () => {
    const { tasks, ids } = await fourModels();
    tasks.review = () => Promise.reject(new Error('the workspace has unsaved changes'));
    await assert.rejects(reviewChosen(tasks, ids[0] ?? '', 'discard'), /unsaved/);
    assert.deepEqual(tasks.calls, []);
  });

  it('names as to discard the others still holding a worktree', async () => {
    const { tasks, ids } = await fourModels();
    tasks.update(ids[1] ?? '', { status: 'kept' });
    const chosen = tasks.get(ids[0] ?? '');
    assert.ok(chosen !== undefined);
    assert.deepEqual(resultsToDiscard(tasks.list(), chosen).map((task) => task.id), [ids[2], ids[3]]);
  });

  it('never discards without asking a result whose changes could not be read', async () => {
    const { tasks, ids } = await fourModels();
    tasks.update(ids[2] ?? '', { status: 'done', changesUnreadable: 'git refused .Git/config' });
    const chosen = tasks.get(ids[0] ?? '');
    assert.ok(chosen !== undefined);
    assert.deepEqual(resultsToDiscard(tasks.list(), chosen).map((task) => task.id), [ids[1], ids[3]]);
  });
});
