import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { AgentSession } from '../../../../src/core/agent/agentSession';
import type { ApprovalRequest } from '../../../../src/core/host/approvals';
import type { Approval, ChatItemOf, Subagent } from '../../../../src/protocol/chatItems';
import { toWebviewSchema, type ToWebview } from '../../../../src/protocol/toWebview';
import { approvalOf } from '../../../../src/vscode/chat/approvalCard';
import { approvalNotification } from '../../../../src/vscode/chat/approvalNotification';
import { ChatRun } from '../../../../src/vscode/chat/chatRun';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { meterTotalOf } from '../../../../src/vscode/chat/meterTotal';
import { askedBySubagent, askingSubagent, notifiedForSubagent } from '../../../../src/vscode/chat/subagentApproval';
import { MAX_SUBAGENT_STEPS, MAX_SUBAGENT_TEXT_CHARS } from '../../../../src/node/conversations/savedSubagentSchema';
import { callOnCard } from '../../../../src/vscode/chat/toolCardUpdate';

const tokens = (input: number, output: number) => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** An event of the child `taskId` run by the parent's `task` call `callId`. */
function child(event: AgentEvent, callId = 'task1', taskId = 'child1', extra: Partial<Extract<AgentEvent, { type: 'subagent' }>> = {}): AgentEvent {
  return { type: 'subagent', callId, taskId, description: 'Find uses of parseConfig', agent: 'explore', event, ...extra };
}

const taskCall: AgentEvent[] = [
  { type: 'turn_start', turn: 1 },
  { type: 'tool_call_start', id: 'task1', name: 'task', title: 'Starting a task', kind: 'task' },
  { type: 'tool_call', id: 'task1', name: 'task', arguments: '{"description":"Find uses of parseConfig","prompt":"…","agent":"explore"}', title: 'Task: Find uses of parseConfig', kind: 'task', subject: 'Find uses of parseConfig' },
];

describe('ChatTranscript: subagents on their task cards', () => {
  let transcript: ChatTranscript;

  beforeEach(() => {
    let next = 0;
    transcript = new ChatTranscript([], () => `id${++next}`);
    transcript.addUser('where is parseConfig used?', []);
  });

  function play(...events: AgentEvent[]): ToWebview[] {
    const posted = events.flatMap((event) => transcript.apply(event));
    for (const message of posted) toWebviewSchema.parse(message);
    return posted;
  }

  function card(id = 'task1'): ChatItemOf<'tool'> {
    const item = transcript.items.find((candidate) => candidate.id === id);
    assert.equal(item?.kind, 'tool');
    return item as ChatItemOf<'tool'>;
  }

  it('shows a child\'s calls, text, status, tokens and cost on its task card, and nothing as items of their own', () => {
    play(...taskCall);
    const posted = play(
      child({ type: 'turn_start', turn: 1 }),
      child({ type: 'tool_call_start', id: 'c1', name: 'search', title: 'Searching', kind: 'search' }),
      child({ type: 'tool_call', id: 'c1', name: 'search', arguments: '{"pattern":"parseConfig"}', title: 'Search parseConfig', kind: 'search', subject: 'parseConfig' }),
      child({ type: 'tool_result', id: 'c1', name: 'search', isError: false, summary: 'Searched: 3 matches', text: 'a.ts:1' }),
      child({ type: 'usage', usage: tokens(100, 20), cost: 0.01 }),
      child({ type: 'text_delta', text: 'It is used ' }),
      child({ type: 'text_delta', text: 'in a.ts.' }),
      child({ type: 'usage', usage: tokens(150, 10), cost: 0.02 }),
      child({ type: 'done', outcome: { reason: 'completed', text: 'It is used in a.ts.' } }),
    );
    assert.ok(posted.every((message) => message.type === 'itemUpdated' && message.item.id === 'task1'));
    assert.equal(transcript.items.length, 2, 'the user message and the task card');
    const expected: Subagent = {
      taskId: 'child1',
      agent: 'explore',
      description: 'Find uses of parseConfig',
      status: 'done',
      steps: [
        { kind: 'tool', id: 'c1', name: 'search', toolKind: 'search', title: 'Searched: 3 matches', status: 'done' },
        { kind: 'text', id: 'text-1', text: 'It is used in a.ts.' },
      ],
      usage: tokens(250, 30),
      cost: 0.03,
    };
    assert.deepEqual(card().subagent, expected);
    assert.equal(card().status, 'running', 'the task itself ends with its result');
    play({ type: 'tool_result', id: 'task1', name: 'task', isError: false, summary: 'Task done: Find uses of parseConfig', text: '<task_result>…' });
    assert.equal(card().status, 'done');
    assert.deepEqual(card().subagent, expected);
  });

  it('nests a child\'s own child on the step of its task call, counting its tokens in every card above it', () => {
    play(...taskCall, child({ type: 'tool_call_start', id: 'sub', name: 'task', title: 'Starting a task', kind: 'task' }));
    const grandchild = (event: AgentEvent) => child(child(event, 'sub', 'child2'));
    play(
      grandchild({ type: 'tool_call_start', id: 'c1', name: 'read_file', title: 'Reading', kind: 'read' }),
      grandchild({ type: 'usage', usage: tokens(10, 5), cost: null }),
      grandchild({ type: 'done', outcome: { reason: 'cancelled', message: 'Stopped.' } }),
    );
    const step = card().subagent?.steps[0];
    assert.equal(step?.kind === 'tool' && step.id, 'sub');
    const nested = step?.kind === 'tool' ? step.subagent : undefined;
    assert.equal(nested?.taskId, 'child2');
    assert.equal(nested?.status, 'cancelled');
    assert.deepEqual(nested?.steps, [{ kind: 'tool', id: 'c1', name: 'read_file', toolKind: 'read', title: 'Reading', status: 'running' }]);
    assert.deepEqual(nested?.usage, tokens(10, 5));
    assert.deepEqual(card().subagent?.usage, tokens(10, 5), 'the child counts its child');
    assert.equal(card().subagent?.cost, null, 'an unknown price stays unknown above');
    assert.equal(card().subagent?.status, 'running');
  });

  it('keeps a child\'s latest steps and the tail of long text', () => {
    play(...taskCall);
    for (let index = 0; index < MAX_SUBAGENT_STEPS + 5; index++) play(child({ type: 'tool_call_start', id: `c${index}`, name: 'read_file', title: `Read ${index}`, kind: 'read' }));
    play(child({ type: 'text_delta', text: 'x'.repeat(MAX_SUBAGENT_TEXT_CHARS) }), child({ type: 'text_delta', text: 'END' }));
    const subagent = card().subagent;
    assert.equal(subagent?.steps.length, MAX_SUBAGENT_STEPS);
    assert.equal(subagent?.droppedSteps, 6);
    const last = subagent?.steps.at(-1);
    assert.equal(last?.kind, 'text');
    assert.ok(last?.kind === 'text' && last.text.endsWith('xEND') && last.text.length === MAX_SUBAGENT_TEXT_CHARS + 1);
    assert.equal(new Set(subagent?.steps.map((step) => step.id)).size, subagent?.steps.length, 'step ids stay unique');
  });

  it('ends a running child as stopped when the run is stopped, its running calls with it', () => {
    play(...taskCall, child({ type: 'tool_call_start', id: 'c1', name: 'search', title: 'Searching', kind: 'search' }));
    play({ type: 'done', outcome: { reason: 'cancelled', message: 'Stopped.' } });
    assert.equal(card().status, 'error');
    assert.equal(card().subagent?.status, 'cancelled');
    const step = card().subagent?.steps[0];
    assert.equal(step?.kind === 'tool' && step.status, 'error');
  });

  it('marks a child still running after a window reload as failed', () => {
    play(...taskCall, child({ type: 'turn_start', turn: 1 }));
    const restored = new ChatTranscript([...transcript.items]);
    assert.equal(restored.markInterrupted(), true);
    const item = restored.items.find((candidate) => candidate.id === 'task1');
    assert.equal(item?.kind === 'tool' && item.subagent?.status, 'failed');
  });

  it('asks a child\'s question on the card of the task that runs it, even where the child\'s call id is one the parent used too', () => {
    play(
      { type: 'turn_start', turn: 1 },
      { type: 'tool_call_start', id: 'c1', name: 'read_file', title: 'Reading', kind: 'read' },
      { type: 'tool_result', id: 'c1', name: 'read_file', isError: false, summary: 'Read a.ts', text: '' },
      ...taskCall.slice(1),
      child({ type: 'tool_call_start', id: 'sub', name: 'task', title: 'Starting a task', kind: 'task' }),
      child(child({ type: 'tool_call_start', id: 'c1', name: 'run_command', title: 'Running', kind: 'command' }, 'sub', 'child2')),
    );
    const approval: Approval = { kind: 'command', title: 'explore · Look deeper asks: Run this command in the sandbox?', command: 'make', reasons: [], alwaysAllow: [], state: 'pending' };
    const shown = transcript.updateCard({ type: 'subagent_approval_asked', taskId: 'child2', toolCallId: 'c1', approval });
    assert.equal(shown?.cardId, 'task1');
    assert.equal(card().approval?.state, 'pending');
    assert.equal(card('c1').approval, undefined, 'the parent\'s own call of that id is not asked');
    const waitingStep = () => {
      const sub = card().subagent?.steps[0];
      const nested = sub?.kind === 'tool' ? sub.subagent?.steps[0] : undefined;
      return nested?.kind === 'tool' ? nested.asking : undefined;
    };
    assert.equal(waitingStep(), true);
    transcript.updateCard({ type: 'approval_decided', cardId: 'task1', approval: { ...approval, state: 'allowed' } });
    assert.equal(card().approval?.state, 'allowed');
    assert.equal(waitingStep(), undefined);
    assert.equal(transcript.updateCard({ type: 'subagent_approval_asked', taskId: 'nobody', toolCallId: 'c1', approval }), undefined);
  });

  it('shows a child\'s edit to approve, then its changed file, on the card of the task that runs it, never on a parent card of the same call id', () => {
    play(
      { type: 'turn_start', turn: 1 },
      { type: 'tool_call_start', id: 'c1', name: 'write_file', title: 'Writing', kind: 'edit' },
      { type: 'tool_result', id: 'c1', name: 'write_file', isError: false, summary: 'Wrote a.ts', text: '' },
      ...taskCall.slice(1),
      child({ type: 'tool_call_start', id: 'c1', name: 'write_file', title: 'Writing notes.md', kind: 'edit' }, 'task1', 'child1', { agent: 'general' }),
    );
    const call = callOnCard({ toolCallId: 'c1', subagent: { taskId: 'child1', description: 'Find uses of parseConfig', agent: 'general' } });
    const asked = transcript.updateCard({ type: 'proposal_asked', ...call, diff: '+notes' });
    assert.equal(asked?.cardId, 'task1');
    for (const message of asked?.messages ?? []) toWebviewSchema.parse(message);
    assert.deepEqual(card().proposal, { diff: '+notes', state: 'pending' });
    assert.equal(card('c1').proposal, undefined, 'the parent\'s own call of that id is not asked');
    const asking = () => {
      const step = card().subagent?.steps[0];
      return step?.kind === 'tool' ? step.asking : undefined;
    };
    assert.equal(asking(), true, 'the child\'s step waits');
    transcript.updateCard({ type: 'proposal_decided', cardId: 'task1', state: 'applied', feedback: undefined });
    assert.equal(card().proposal?.state, 'applied');
    assert.equal(asking(), undefined);
    const file = { uri: 'file:///w/notes.md', path: 'notes.md', change: 'created' as const, added: 1, removed: 0 };
    assert.equal(transcript.updateCard({ type: 'file_changed', ...call, file, review: 'pending' })?.cardId, 'task1');
    assert.deepEqual(card().changedFiles?.map((changed) => changed.path), ['notes.md']);
    assert.equal(card('c1').changedFiles, undefined, 'the parent\'s card of that id lists no file of the child\'s');
    transcript.updateCard({ type: 'file_put_back', ...call, uri: file.uri });
    assert.equal(card().changedFiles, undefined);
    assert.equal(transcript.updateCard({ type: 'proposal_asked', ...callOnCard({ toolCallId: 'c1', subagent: { taskId: 'nobody', description: '', agent: 'general' } }), diff: '+x' }), undefined, 'no card runs that task');
  });
});

describe('The meter and the gauge with subagents', () => {
  it('feeds the usage meter from a child\'s wrapped totals as from the conversation\'s own', () => {
    const total = { usage: tokens(300, 40), cost: 0.05 };
    assert.deepEqual(meterTotalOf(child({ type: 'usage', usage: tokens(100, 20), cost: 0.01 }, 'task1', 'child1', { total })), total);
    assert.deepEqual(meterTotalOf({ type: 'usage', usage: tokens(1, 1), cost: 0, total }), total);
    assert.equal(meterTotalOf(child({ type: 'text_delta', text: 'x' })), undefined);
  });

  it('leaves the context gauge to the conversation\'s own requests', async () => {
    const session = {
      limits: undefined,
      send(_content: unknown, emit: (event: AgentEvent) => void) {
        emit({ type: 'context', usedTokens: 1_000, windowTokens: 10_000, estimated: false });
        emit(child({ type: 'context', usedTokens: 9_000, windowTokens: 10_000, estimated: false }));
        return Promise.resolve({ reason: 'completed', text: '' });
      },
    } as unknown as AgentSession;
    const run = new ChatRun(() => Promise.resolve(session));
    await run.send('hi');
    await run.stop();
    assert.deepEqual(run.context, { usedTokens: 1_000, windowTokens: 10_000 });
  });
});

describe('A subagent\'s permission question', () => {
  const request: ApprovalRequest & { subagent: { taskId: string; description: string; agent: string } } = {
    kind: 'command',
    toolCallId: 'c1',
    command: 'grep -rn parseConfig .',
    cwd: '.',
    reasons: ['grep is not on the allow list'],
    alwaysAllow: ['grep'],
    placement: { kind: 'sandbox' },
    subagent: { taskId: 'child1', description: 'Find uses of [x](https://evil.example)', agent: 'explore' },
  };

  it('is named by the child that asks, in the chat and in the notification, the model\'s words made inert', () => {
    const asker = askingSubagent(request);
    assert.deepEqual(asker, request.subagent);
    const { subagent: _asker, ...own } = request;
    assert.equal(askingSubagent(own), undefined);
    assert.ok(asker !== undefined);
    assert.equal(askedBySubagent(approvalOf(request), asker).title, 'explore · Find uses of [x](https://evil.example) asks: Run this command in the sandbox?');
    const notified = notifiedForSubagent(approvalNotification(request), asker);
    assert.match(notified.message, /^Subagent explore · Find uses of .* Elbow wants to run: grep -rn parseConfig \. \(in the sandbox\)$/);
    assert.doesNotMatch(notified.message, /\[x\]\(https:/, 'no link in the notification');
  });
});
