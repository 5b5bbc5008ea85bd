import * as assert from 'node:assert/strict';
import { comparedTaskTitle, comparisonGroups, groupTasks, startComparison } from '../../../../src/vscode/tasks/compareGroup';
import { FakeWorktreeTasks } from './fakeWorktreeTasks';

describe('Compare: one worktree task per pair, in one group', () => {
  it('starts a task per pair with the prompt, the pair and one shared new group', async () => {
    const tasks = new FakeWorktreeTasks();
    await tasks.start({ prompt: 'an unrelated task' });
    const started = await startComparison(tasks, 'Add a --verbose flag\nand document it', [
      { provider: 'openai', model: 'gpt-4.1' },
      { provider: 'anthropic', model: 'claude-sonnet-4-6' },
      { provider: 'deepseek', model: 'deepseek-chat' },
    ], () => 'fixed');
    assert.equal(started.group, 'compare-fixed');
    assert.deepEqual(started.failures, []);
    assert.deepEqual(tasks.started.slice(1), [
      { prompt: 'Add a --verbose flag\nand document it', title: 'Add a --verbose flag', provider: 'openai', model: 'gpt-4.1', group: 'compare-fixed' },
      { prompt: 'Add a --verbose flag\nand document it', title: 'Add a --verbose flag', provider: 'anthropic', model: 'claude-sonnet-4-6', group: 'compare-fixed' },
      { prompt: 'Add a --verbose flag\nand document it', title: 'Add a --verbose flag', provider: 'deepseek', model: 'deepseek-chat', group: 'compare-fixed' },
    ]);
    assert.deepEqual(groupTasks(tasks.list(), started.group).map((task) => task.id), started.taskIds);
    assert.equal(started.taskIds.length, 3);
  });

  it('gives each comparison a group of its own', async () => {
    const tasks = new FakeWorktreeTasks();
    const pairs = [{ provider: 'openai', model: 'gpt-4.1' }, { provider: 'openai', model: 'gpt-4.1-mini' }];
    const first = await startComparison(tasks, 'one', pairs);
    const second = await startComparison(tasks, 'two', pairs);
    assert.notEqual(first.group, second.group);
    assert.deepEqual(groupTasks(tasks.list(), first.group).map((task) => task.prompt), ['one', 'one']);
  });

  it('starts nothing for 1 or 5 pairs, the same pair twice, or an empty prompt', async () => {
    const tasks = new FakeWorktreeTasks();
    const pair = (model: string) => ({ provider: 'openai', model });
    await assert.rejects(startComparison(tasks, 'p', [pair('a')]), /at least 2/);
    await assert.rejects(startComparison(tasks, 'p', ['a', 'b', 'c', 'd', 'e'].map(pair)), /at most 4/);
    await assert.rejects(startComparison(tasks, 'p', [pair('a'), pair('a')]), /picked twice/);
    await assert.rejects(startComparison(tasks, '  ', [pair('a'), pair('b')]), /Give the prompt/);
    assert.equal(tasks.started.length, 0);
  });

  it('keeps the tasks that started when one cannot, and says which one failed and why', async () => {
    const tasks = new FakeWorktreeTasks();
    tasks.refuse.add('gpt-4.1-mini');
    const started = await startComparison(tasks, 'p', [{ provider: 'openai', model: 'gpt-4.1' }, { provider: 'openai', model: 'gpt-4.1-mini' }]);
    assert.equal(started.taskIds.length, 1);
    assert.deepEqual(started.failures, [{ pair: { provider: 'openai', model: 'gpt-4.1-mini' }, message: 'no worktree for gpt-4.1-mini' }]);
  });

  it('titles the tasks with the prompt\'s first line, cut short', () => {
    assert.equal(comparedTaskTitle(`  ${'x'.repeat(80)}\nmore`), `${'x'.repeat(59)}…`);
  });

  it('lists the comparisons, newest first, with their prompt and models, and no other group or lone task', async () => {
    const tasks = new FakeWorktreeTasks();
    await tasks.start({ prompt: 'alone' });
    await tasks.start({ prompt: 'another group', group: 'batch-1' });
    const pairs = [{ provider: 'openai', model: 'gpt-4.1' }, { provider: 'deepseek', model: 'deepseek-chat' }];
    const older = await startComparison(tasks, 'older', pairs);
    const newer = await startComparison(tasks, 'newer', pairs);
    assert.deepEqual(comparisonGroups(tasks.list()).map(({ group, prompt, models }) => ({ group, prompt, models })), [
      { group: newer.group, prompt: 'newer', models: ['gpt-4.1', 'deepseek-chat'] },
      { group: older.group, prompt: 'older', models: ['gpt-4.1', 'deepseek-chat'] },
    ]);
  });
});
