import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage, userText, type Message } from '../../../../src/core/llm/messages';
import { ConversationStore as TerminalStore, savedItemCodec } from '../../../../src/node/conversations/conversationStore';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { ChatRun } from '../../../../src/vscode/chat/chatRun';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { CHANGED_ELSEWHERE_NOTICE, ConversationSaves } from '../../../../src/vscode/chat/conversationSaves';
import { ConversationStore } from '../../../../src/vscode/chat/conversationStore';
import { ConversationReview } from '../../../../src/vscode/review/conversationReview';

const noEvent = (): { dispose(): void } => ({ dispose: () => undefined });

function turns(...texts: string[]): { messages: Message[]; items: Array<{ kind: 'user'; id: string; text: string; attachments: [] }> } {
  return { messages: texts.map((text) => userText(text)), items: texts.map((text, index) => ({ kind: 'user', id: `u${index}`, text, attachments: [] })) };
}

/** A conversation open in VS Code that the terminal carries on meanwhile, in the folder both share. */
describe('ConversationSaves and a conversation carried on elsewhere', () => {
  let folder: string;
  let terminal: TerminalStore;
  let store: ConversationStore;
  let posted: ToWebview[];
  let renamed: string[];
  let run: ChatRun;
  let transcript: ChatTranscript;
  let saves: ConversationSaves;

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-saves-'));
    terminal = new TerminalStore(folder, savedItemCodec);
    store = new ConversationStore(folder);
    posted = [];
    renamed = [];
    await terminal.save({ id: 'shared', title: 'Fix the parser', createdAt: 1, updatedAt: 2, ...turns('Fix the parser'), usage: emptyUsage() });
    const opened = await store.load('shared');
    assert.ok(opened !== undefined);
    run = new ChatRun(() => Promise.resolve(undefined), opened);
    transcript = new ChatTranscript([...opened.items]);
    saves = new ConversationSaves(run, {
      store,
      log: { error: () => undefined },
      transcript,
      reviewManager: { onDidChange: noEvent, state: new ConversationReview() },
      approvals: { onDidDecide: noEvent },
      post: (message) => void posted.push(message),
    }, (id) => void renamed.push(id));
    await terminal.load('shared');
    await terminal.save({ id: 'shared', title: 'Fix the parser', createdAt: 1, updatedAt: 3, ...turns('Fix the parser', 'Now add a test'), usage: emptyUsage() });
  });
  afterEach(async () => {
    saves.dispose();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('with nothing new in VS Code, leaves the terminal\'s turns as they are', async () => {
    await saves.flush();
    const onDisk = await terminal.load('shared');
    assert.deepEqual(onDisk?.items.map((item) => item.kind === 'user' && item.text), ['Fix the parser', 'Now add a test']);
    assert.deepEqual((await store.list()).map((entry) => entry.id), ['shared']);
    assert.deepEqual(renamed, []);
  });

  it('with turns of its own, keeps both: the terminal\'s file untouched, VS Code\'s going on as a copy', async () => {
    transcript.addNotice('A turn in VS Code');
    saves.schedule();
    await saves.flush();

    const onDisk = await terminal.load('shared');
    assert.deepEqual(onDisk?.items.map((item) => item.kind === 'user' && item.text), ['Fix the parser', 'Now add a test']);
    assert.equal(renamed.length, 1);
    assert.equal(run.id, renamed[0]);
    const copy = await terminal.load(run.id);
    assert.equal(copy?.title, 'Fix the parser (copy)');
    assert.ok(copy?.items.some((item) => item.kind === 'notice' && item.text === CHANGED_ELSEWHERE_NOTICE));
    assert.ok(posted.length > 0, 'the notice is shown');

    transcript.addNotice('Another turn in VS Code');
    saves.schedule();
    await saves.flush();
    assert.equal(run.id, renamed[0], 'the copy saves as usual from then on');
    assert.equal((await store.list()).length, 2);
  });
});
