import assert from 'node:assert/strict';
import { fakeVscode } from './support/fakeVscode';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { McpElicitation } from '../../../../src/core/mcp/mcpClientHandlers';
import type { ChatItemOf } from '../../../../src/protocol/chatItems';
import type { Elicitation } from '../../../../src/protocol/elicitation';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { ElicitationBridge } from '../../../../src/vscode/chat/elicitationBridge';
import { WaitingQuestionCount } from '../../../../src/vscode/chat/waitingQuestionCount';

const form: McpElicitation = {
  server: 'tracker',
  source: '.vscode/mcp.json',
  mode: 'form',
  message: 'Which **project**? <img src=x>',
  requestedSchema: { type: 'object', properties: { project: { type: 'string', enum: ['web', 'api'] }, count: { type: 'integer', minimum: 1 }, notify: { type: 'boolean' } }, required: ['project'] },
};
const page: McpElicitation = { server: 'tracker', source: '.vscode/mcp.json', mode: 'url', message: 'Sign in', url: 'https://auth.example.com/consent?id=7', elicitationId: 'e1' };

function mcpCall(id: string, name = 'mcp__tracker__create_issue'): AgentEvent {
  return { type: 'tool_call', id, name, arguments: '{}', title: `Calling ${name}`, kind: 'mcp', subject: name };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('ElicitationBridge: an MCP server\'s question on the card of its call', () => {
  let transcript: ChatTranscript;
  let posted: ToWebview[];
  let opened: string[];
  let waiting: number;
  let visible: boolean;
  let bridge: ElicitationBridge;

  beforeEach(() => {
    fakeVscode.notifications.length = 0;
    let next = 0;
    transcript = new ChatTranscript([], () => `id${++next}`);
    transcript.addUser('file a bug', []);
    transcript.apply(mcpCall('c1'));
    posted = [];
    opened = [];
    waiting = 0;
    visible = true;
    bridge = new ElicitationBridge({
      transcript,
      chatVisible: () => visible,
      post: (message) => posted.push(message),
      waiting: new WaitingQuestionCount((count) => { waiting = count; }),
      toolNamesOf: (server) => (server === 'tracker' ? ['mcp__tracker__create_issue'] : []),
      openExternal: (url) => {
        opened.push(url);
        return Promise.resolve(true);
      },
    });
  });

  function shown(): Elicitation | undefined {
    const card = transcript.items.find((item): item is ChatItemOf<'tool'> => item.kind === 'tool');
    return card?.elicitation;
  }

  it('shows the form with the server as asker, checks an Accept, and sends the values as the schema\'s types', async () => {
    const answer = bridge.elicit(form, new AbortController().signal);
    await tick();
    const question = shown();
    assert.equal(question?.state, 'pending');
    assert.equal(question.server, 'tracker');
    assert.equal(question.source, '.vscode/mcp.json');
    assert.equal(question.message, 'Which **project**? <img src=x>', 'the server\'s words, as they came, for the webview to show as text');
    assert.deepEqual(question.fields?.map((field) => [field.name, field.kind, field.required]), [['project', 'choice', true], ['count', 'number', false], ['notify', 'boolean', false]]);
    assert.equal(waiting, 1);
    assert.ok(posted.some((message) => message.type === 'itemUpdated'));

    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: question.question ?? '', action: 'accept', values: { count: '0' } });
    assert.deepEqual(shown()?.errors, { project: 'Required.', count: 'At least 1.' });
    assert.deepEqual(shown()?.values, { count: '0' });
    assert.equal(await Promise.race([answer, tick().then(() => 'waiting')]), 'waiting', 'nothing is sent while the form is wrong');

    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: question.question ?? '', action: 'accept', values: { project: 'api', count: '3', notify: false } });
    assert.deepEqual(await answer, { action: 'accept', content: { project: 'api', count: 3, notify: false } });
    assert.deepEqual(shown(), { server: 'tracker', source: '.vscode/mcp.json', message: form.message, mode: 'form', state: 'accepted' });
    assert.equal(waiting, 0);
  });

  it('an answer naming another question or card is dropped', async () => {
    const answer = bridge.elicit(form, new AbortController().signal);
    await tick();
    const question = shown()?.question ?? '';
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: 'q999', action: 'decline' });
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'other', question, action: 'decline' });
    assert.equal(shown()?.state, 'pending');
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question, action: 'decline' });
    assert.deepEqual(await answer, { action: 'decline' });
    assert.equal(shown()?.state, 'declined');
  });

  it('opens a page only on the user\'s click; Decline and Cancel open nothing', async () => {
    const declined = bridge.elicit(page, new AbortController().signal);
    await tick();
    assert.deepEqual([shown()?.mode, shown()?.origin, shown()?.url], ['url', 'https://auth.example.com', page.url]);
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: shown()?.question ?? '', action: 'decline' });
    assert.deepEqual(await declined, { action: 'decline' });
    const cancelled = bridge.elicit(page, new AbortController().signal);
    await tick();
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: shown()?.question ?? '', action: 'cancel' });
    assert.deepEqual(await cancelled, { action: 'cancel' });
    assert.deepEqual(opened, []);

    const accepted = bridge.elicit(page, new AbortController().signal);
    await tick();
    await bridge.messageHandlers.answerElicitation({ type: 'answerElicitation', itemId: 'c1', question: shown()?.question ?? '', action: 'accept' });
    assert.deepEqual(await accepted, { action: 'accept' });
    assert.deepEqual(opened, [page.url]);
  });

  it('cancels when the server withdraws the question, when the run ends, and when no call of the server is on screen', async () => {
    const controller = new AbortController();
    const withdrawn = bridge.elicit(form, controller.signal);
    await tick();
    controller.abort();
    assert.deepEqual(await withdrawn, { action: 'cancel' });
    assert.equal(shown()?.state, 'cancelled');

    const ended = bridge.elicit(form, new AbortController().signal);
    await tick();
    bridge.cancelAll();
    assert.deepEqual(await ended, { action: 'cancel' });

    assert.deepEqual(await bridge.elicit({ ...form, server: 'elsewhere' }, new AbortController().signal), { action: 'cancel' });
    transcript.apply({ type: 'done', outcome: { reason: 'completed', text: '' } });
    assert.deepEqual(await bridge.elicit(form, new AbortController().signal), { action: 'cancel' }, 'no running call: nowhere to ask');
  });

  it('a question still open when its call ends shows as cancelled', async () => {
    void bridge.elicit(form, new AbortController().signal);
    await tick();
    transcript.apply({ type: 'done', outcome: { reason: 'cancelled', message: 'Stopped.' } });
    assert.equal(shown()?.state, 'cancelled');
    bridge.cancelAll();
  });

  it('says so in a notification while the chat is hidden', async () => {
    visible = false;
    void bridge.elicit(form, new AbortController().signal);
    await tick();
    assert.deepEqual(fakeVscode.notifications.map((shownNote) => shownNote.message), ['Elbow: the MCP server "tracker" (from .vscode/mcp.json) asks you a question in the chat.']);
    bridge.cancelAll();
  });
});
