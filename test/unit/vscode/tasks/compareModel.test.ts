import * as assert from 'node:assert/strict';
import { comparisonOf } from '../../../../src/vscode/tasks/compareModel';
import { startComparison } from '../../../../src/vscode/tasks/compareGroup';
import { FakeWorktreeTasks } from './fakeWorktreeTasks';

const text = (value: string) => new TextEncoder().encode(value);

async function threeModels(): Promise<{ tasks: FakeWorktreeTasks; group: string; ids: string[] }> {
  const tasks = new FakeWorktreeTasks();
  await tasks.start({ prompt: 'another task', group: 'other' });
  const started = await startComparison(tasks, 'Fix the parser', [
    { provider: 'openai', model: 'gpt-4.1' },
    { provider: 'anthropic', model: 'claude-sonnet-4-6' },
    { provider: 'deepseek', model: 'deepseek-chat' },
  ]);
  return { tasks, group: started.group, ids: started.taskIds };
}

describe('Compare: the results side by side, from the tasks\' states', () => {
  it('has one result per task of the group, in the order they started, live while running, timed until now', async () => {
    const { tasks, group, ids } = await threeModels();
    const started = tasks.get(ids[0] ?? '')?.startedAt ?? 0;
    const comparison = comparisonOf(group, tasks.list(), started + 42_000);
    assert.equal(comparison.prompt, 'Fix the parser');
    assert.deepEqual(comparison.results.map((result) => [result.taskId, result.model, result.status, result.live]), [
      [ids[0], 'gpt-4.1', 'running', true],
      [ids[1], 'claude-sonnet-4-6', 'running', true],
      [ids[2], 'deepseek-chat', 'running', true],
    ]);
    assert.equal(comparison.results[0]?.elapsedMs, 42_000);
    assert.equal(comparison.chosen, undefined);
  });

  it('takes a finished task\'s time, tokens, cost, answer and files with their lines added and removed', async () => {
    const { tasks, group, ids } = await threeModels();
    const id = ids[1] ?? '';
    const startedAt = tasks.get(id)?.startedAt ?? 0;
    tasks.update(id, {
      status: 'done', endedAt: startedAt + 65_000, tokens: 12_345, cost: 0.042, answer: 'Fixed the off-by-one.',
      changes: [
        { path: 'src/parser.ts', status: 'modified', kind: 'file', before: text('a\nb\nc\n'), after: text('a\nB\nc\nd\n') },
        { path: 'src/new.ts', status: 'added', kind: 'file', after: text('one\ntwo\n') },
        { path: 'old.txt', status: 'deleted', kind: 'file', before: text('gone\n') },
        { path: 'logo.png', status: 'modified', kind: 'file', before: new Uint8Array([0x89, 0x50, 0, 1]), after: new Uint8Array([0x89, 0x50, 0, 2]) },
        { path: 'vendor/lib', status: 'modified', kind: 'submodule' },
      ],
    });
    const result = comparisonOf(group, tasks.list(), startedAt + 999_000).results[1];
    assert.ok(result !== undefined);
    assert.equal(result.live, false);
    assert.equal(result.elapsedMs, 65_000);
    assert.deepEqual([result.tokens, result.cost, result.answer], [12_345, 0.042, 'Fixed the off-by-one.']);
    assert.deepEqual(result.files, [
      { path: 'src/parser.ts', status: 'modified', kind: 'file', lines: { added: 2, removed: 1 } },
      { path: 'src/new.ts', status: 'added', kind: 'file', lines: { added: 2, removed: 0 } },
      { path: 'old.txt', status: 'deleted', kind: 'file', lines: { added: 0, removed: 1 } },
      { path: 'logo.png', status: 'modified', kind: 'file' },
      { path: 'vendor/lib', status: 'modified', kind: 'submodule' },
    ]);
    assert.deepEqual([result.canOpenDiff, result.canReview], [true, true]);
  });

  it('offers review only of a finished result with changes, and of none once one is chosen', async () => {
    const { tasks, group, ids } = await threeModels();
    const change = { path: 'a.ts', status: 'added' as const, kind: 'file' as const, after: text('x\n') };
    tasks.update(ids[0] ?? '', { status: 'done', changes: [change] });
    tasks.update(ids[1] ?? '', { status: 'done', changes: [] });
    tasks.update(ids[2] ?? '', { status: 'failed', error: 'The model could not be reached.', changes: [change] });
    const before = comparisonOf(group, tasks.list(), 0);
    assert.deepEqual(before.results.map((result) => [result.canReview, result.canOpenDiff]), [[true, true], [false, false], [false, true]]);
    assert.equal(before.results[2]?.error, 'The model could not be reached.');
    tasks.update(ids[0] ?? '', { status: 'reviewing' });
    tasks.update(ids[1] ?? '', { status: 'done', changes: [change] });
    const after = comparisonOf(group, tasks.list(), 0);
    assert.equal(after.chosen, ids[0]);
    assert.deepEqual(after.results.map((result) => result.canReview), [false, false, false]);
  });
});
