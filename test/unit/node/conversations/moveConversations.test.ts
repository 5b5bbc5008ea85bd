import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage, userText } from '../../../../src/core/llm/messages';
import { ConversationStore, savedItemCodec, type StoredConversation } from '../../../../src/node/conversations/conversationStore';
import { moveConversations } from '../../../../src/node/conversations/moveConversations';

function conversation(id: string, text: string): StoredConversation {
  return { id, title: text, createdAt: 1, updatedAt: 2, messages: [userText(text)], items: [{ kind: 'user', id: 'u1', text, attachments: [] }], usage: emptyUsage() };
}

describe('moveConversations', () => {
  let base: string;
  let from: string;
  let to: string;
  let logged: string[];
  const log = (message: string): void => void logged.push(message);

  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-move-'));
    from = path.join(base, 'workspaceStorage', 'conversations');
    to = path.join(base, 'data', 'sessions', 'project-0123456789abcdef');
    logged = [];
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('moves every conversation byte for byte, a newer format\'s too, and the new store lists and loads them', async () => {
    const old = new ConversationStore(from, savedItemCodec);
    await old.save(conversation('first', 'Fix the parser'));
    await old.save(conversation('second', 'Add a test'));
    const newer = JSON.stringify({ version: 99, id: 'from-a-newer-elbow', whatever: true });
    await fs.writeFile(path.join(from, 'from-a-newer-elbow.json'), newer);
    const bytes = await fs.readFile(path.join(from, 'first.json'));

    assert.deepEqual(await moveConversations(from, to, log), { moved: 3, left: 0 });

    await assert.rejects(fs.access(from), 'the old folder is gone, its index with it');
    assert.deepEqual(await fs.readFile(path.join(to, 'first.json')), bytes);
    assert.equal(await fs.readFile(path.join(to, 'from-a-newer-elbow.json'), 'utf8'), newer);
    const store = new ConversationStore(to, savedItemCodec);
    assert.deepEqual((await store.list()).map((entry) => entry.id).sort(), ['first', 'second']);
    assert.deepEqual(await store.load('second'), conversation('second', 'Add a test'));
    assert.deepEqual(logged, []);
  });

  it('never overwrites an id already there: a different file stays in the old folder, the same one goes', async () => {
    const old = new ConversationStore(from, savedItemCodec);
    const current = new ConversationStore(to, savedItemCodec);
    await old.save(conversation('same', 'Same on both sides'));
    await fs.mkdir(to, { recursive: true });
    await fs.copyFile(path.join(from, 'same.json'), path.join(to, 'same.json'));
    await old.save(conversation('clash', 'Written here first'));
    await current.save(conversation('clash', 'Written in the terminal'));

    assert.deepEqual(await moveConversations(from, to, log), { moved: 1, left: 1 });

    assert.equal((await current.load('clash'))?.title, 'Written in the terminal');
    assert.equal((await old.load('clash'))?.title, 'Written here first', 'the other stays where it was');
    await assert.rejects(fs.access(path.join(from, 'same.json')));
    assert.match(logged.join('\n'), /clash\.json.*already in/);
    assert.deepEqual((await fs.readdir(to)).filter((name) => name.endsWith('.tmp')), []);
  });

  it('keeps a conversation it could not move in place and moves the others; a second start moves nothing twice', async () => {
    const old = new ConversationStore(from, savedItemCodec);
    await old.save(conversation('good', 'Moves'));
    await fs.mkdir(path.join(from, 'unreadable.json'));

    assert.deepEqual(await moveConversations(from, to, log), { moved: 1, left: 1 });
    assert.match(logged.join('\n'), /Could not move .*unreadable\.json/);
    await fs.access(path.join(from, 'index.json'));

    await fs.rmdir(path.join(from, 'unreadable.json'));
    assert.deepEqual(await moveConversations(from, to, log), { moved: 0, left: 0 });
    await assert.rejects(fs.access(from));
    assert.deepEqual((await new ConversationStore(to, savedItemCodec).list()).map((entry) => entry.id), ['good']);
  });

  it('does nothing when there was no history', async () => {
    assert.deepEqual(await moveConversations(from, to, log), { moved: 0, left: 0 });
    await assert.rejects(fs.access(to), 'no empty folder is made');
  });
});
