import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage, userText, type Message } from '../../../../src/core/llm/messages';
import { ConversationStore, savedItemCodec, type StoredConversation } from '../../../../src/node/conversations/conversationStore';

function conversation(id: string, texts: string[], updatedAt: number): StoredConversation {
  const messages: Message[] = texts.map((text) => userText(text));
  return { id, title: texts[0] ?? 'New chat', createdAt: 1, updatedAt, messages, items: texts.map((text, index) => ({ kind: 'user', id: `u${index}`, text, attachments: [] })), usage: emptyUsage() };
}

/** Two processes on one folder, as VS Code and the terminal are: each with a store of its own. */
describe('ConversationStore.saveIfUnchanged', () => {
  let folder: string;
  let editor: ConversationStore;
  let terminal: ConversationStore;

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-elsewhere-'));
    editor = new ConversationStore(folder, savedItemCodec);
    terminal = new ConversationStore(folder, savedItemCodec);
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  it('writes over what this store loaded or wrote itself, again and again', async () => {
    assert.equal(await editor.saveIfUnchanged(conversation('c', ['one'], 2)), true);
    assert.equal(await editor.saveIfUnchanged(conversation('c', ['one', 'two'], 3)), true);
    await terminal.load('c');
    assert.equal(await terminal.saveIfUnchanged(conversation('c', ['one', 'two', 'three'], 4)), true);
    assert.equal((await editor.load('c'))?.messages.length, 3);
  });

  it('writes nothing over turns another process saved since it was loaded here, and saves again once reloaded', async () => {
    await terminal.save(conversation('c', ['started in the terminal'], 2));
    await editor.load('c');
    await terminal.load('c');
    await terminal.save(conversation('c', ['started in the terminal', 'continued in the terminal'], 3));

    assert.equal(await editor.saveIfUnchanged(conversation('c', ['started in the terminal', 'typed in the editor'], 4)), false);
    assert.deepEqual((await terminal.load('c'))?.items.map((item) => item.kind === 'user' && item.text), ['started in the terminal', 'continued in the terminal']);

    const reloaded = await editor.load('c');
    assert.ok(reloaded !== undefined);
    assert.equal(await editor.saveIfUnchanged({ ...reloaded, updatedAt: 5 }), true);
  });

  it('leaves save as it was: the last writer wins', async () => {
    await editor.save(conversation('c', ['one'], 2));
    await terminal.save(conversation('c', ['from the terminal'], 3));
    await editor.save(conversation('c', ['from the editor'], 4));
    assert.equal((await terminal.load('c'))?.title, 'from the editor');
  });
});
