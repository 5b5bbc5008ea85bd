import assert from 'node:assert/strict';
import { changesText, elapsedText, taskContextValue, taskDescription } from '../../../../src/vscode/tasks/taskRow';
import type { WorktreeTaskState } from '../../../../src/vscode/tasks/worktreeTasks';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const task = (change: Partial<WorktreeTaskState>): WorktreeTaskState => ({ id: 't', title: 'T', prompt: 'p', provider: 'openai', model: 'gpt-x', status: 'running', startedAt: 0, tokens: 0, cost: 0, ...change });

describe('the Tasks view\'s rows', () => {
  it('say the model, the time so far, tokens and cost, and the lines the files changed', () => {
    assert.equal(taskDescription(task({}), 8_400), 'gpt-x · 8 s');
    const done = task({
      status: 'done',
      endedAt: 125_000,
      tokens: 12_300,
      cost: 0.042,
      changes: [
        { path: 'a.txt', status: 'modified', kind: 'file', before: bytes('1\n2\n3\n'), after: bytes('1\nTWO\n3\n4\n') },
        { path: 'b.txt', status: 'added', kind: 'file', after: bytes('x\ny\n') },
        { path: 'c.bin', status: 'added', kind: 'file', after: new Uint8Array([0xff, 0x00]) },
      ],
    });
    assert.equal(taskDescription(done, 999_999), 'gpt-x · 2 min 5 s · 12.3k tokens · $0.04 · 3 files +4 −1');
    assert.equal(changesText([]), 'no changes');
  });

  it('say a task\'s changes could not be read, never that it has none', () => {
    assert.equal(taskDescription(task({ status: 'done', endedAt: 8_000, changesUnreadable: 'git refused .Git/config' }), 9_000), 'gpt-x · 8 s · changes unreadable');
  });

  it('count time as people say it', () => {
    assert.equal(elapsedText(59_999), '59 s');
    assert.equal(elapsedText(120_000), '2 min');
    assert.equal(elapsedText(3_720_000), '1 h 2 min');
  });

  it('offer review, keep and discard only on a finished task that still has its worktree', () => {
    assert.equal(taskContextValue(task({ status: 'starting' })), 'elbow.task.running');
    assert.equal(taskContextValue(task({ status: 'done', branch: 'elbow/x', answer: 'ok' })), 'elbow.task.finished.answer');
    assert.equal(taskContextValue(task({ status: 'failed' })), 'elbow.task.closed', 'a task whose worktree was never made');
    assert.equal(taskContextValue(task({ status: 'reviewed', branch: 'elbow/x' })), 'elbow.task.closed');
  });
});
