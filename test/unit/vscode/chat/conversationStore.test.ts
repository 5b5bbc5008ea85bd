import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { INTERRUPTED_TOOL_MESSAGE } from '../../../../src/core/agent/repairHistory';
import { emptyUsage, userText } from '../../../../src/core/llm/messages';
import { ConversationStore, conversationTitle, type StoredConversation } from '../../../../src/vscode/chat/conversationStore';

function conversation(id: string, updatedAt: number, title = `Chat ${id}`): StoredConversation {
  return {
    id,
    title,
    createdAt: 1,
    updatedAt,
    messages: [userText('hi'), { role: 'assistant', content: [{ type: 'text', text: 'Hello.' }], stopReason: 'end_turn', provider: 'anthropic', model: 'm' }],
    items: [
      { kind: 'user', id: 'u1', text: 'hi', attachments: [] },
      { kind: 'assistant', id: 'a1', text: 'Hello.', thinking: '' },
    ],
    usage: { inputTokens: 10, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 },
    model: { provider: 'anthropic', model: 'm' },
  };
}

/** A conversation as the store writes it to disk: the format's version first. */
function savedFile(conversation: object): string {
  return JSON.stringify({ version: 1, ...conversation });
}

describe('ConversationStore', () => {
  let base: string;
  let folder: string;
  let logged: string[];
  let store: ConversationStore;

  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-store-'));
    folder = path.join(base, 'conversations');
    logged = [];
    store = new ConversationStore(folder, (message) => void logged.push(message));
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  it('lists nothing, and loads nothing, before anything was saved', async () => {
    assert.deepEqual(await store.list(), []);
    assert.equal(await store.load('missing'), undefined);
    assert.deepEqual(logged, []);
    await assert.rejects(fs.access(folder), 'listing does not create the folder');
  });

  it('saves and loads a conversation unchanged, creating the folder', async () => {
    const saved = conversation('abc-1', 5);
    await store.save(saved);
    assert.deepEqual(await store.load('abc-1'), saved);
    assert.deepEqual(await new ConversationStore(folder).load('abc-1'), saved);
    assert.deepEqual((await fs.readdir(folder)).sort(), ['abc-1.json', 'index.json']);
  });

  it('keeps a conversation\'s plan mode, and loads one saved before modes as act mode (no mode)', async () => {
    await store.save({ ...conversation('planned', 5), mode: 'plan' });
    assert.equal((await new ConversationStore(folder).load('planned'))?.mode, 'plan');
    await store.save(conversation('older', 6));
    const older = await new ConversationStore(folder).load('older');
    assert.ok(older !== undefined && !('mode' in older));
  });

  it("keeps the conversation's custom agent, and a conversation without one loads with none", async () => {
    await store.save({ ...conversation('reviewed', 7), agent: 'reviewer' });
    assert.equal((await new ConversationStore(folder).load('reviewed'))?.agent, 'reviewer');
    const plain = await new ConversationStore(folder).load('abc-1').catch(() => undefined);
    assert.ok(plain === undefined || !('agent' in plain));
  });

  it('loads tool cards saved before they carried their tool kind, and keeps the kind of newer ones', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'read_file', title: 'Read a.ts', status: 'done' as const, arguments: '{"path":"a.ts"}', result: '1\tx' };
    const older = { ...conversation('older', 1), items: [card] };
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'older.json'), savedFile(older));
    assert.deepEqual(await store.load('older'), older);
    const newer = { ...conversation('newer', 2), items: [{ ...card, toolKind: 'read' as const }] };
    await store.save(newer);
    assert.deepEqual(await new ConversationStore(folder).load('newer'), newer);
  });

  it('loads a tool card whose kind a later version added as an unknown tool, keeping the rest of the conversation', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'browse', title: 'Browsing', status: 'done' as const, arguments: '{}', result: 'ok' };
    const saved = { ...conversation('later', 1), items: [{ ...card, toolKind: 'browse' }] };
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'later.json'), savedFile(saved));
    assert.deepEqual(await store.load('later'), { ...saved, items: [{ ...card, toolKind: 'unknown' }] });
  });

  it('keeps how the user reviewed an edit card, and loads a review state a later version added as none', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'edit_file', toolKind: 'edit' as const, title: 'Edited a.ts +1 −1', status: 'done' as const, arguments: '{}', result: 'ok', changedFiles: [{ uri: 'file:///w/a.ts', path: 'a.ts' }] };
    const reviewed = { ...conversation('reviewed', 1), items: [{ ...card, review: 'partlyRejected' as const }] };
    await store.save(reviewed);
    assert.deepEqual(await new ConversationStore(folder).load('reviewed'), reviewed);
    await fs.writeFile(path.join(folder, 'later.json'), savedFile({ ...conversation('later', 2), items: [{ ...card, review: 'deferred' }] }));
    assert.deepEqual(await store.load('later'), { ...conversation('later', 2), items: [card] });
  });

  it('keeps the list of files a call changed, loading a change or review state a later version added as none', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'apply_patch', toolKind: 'edit' as const, title: 'Patched a.ts, b.ts +2 −1', status: 'done' as const, arguments: '{}', result: 'ok', review: 'pending' as const };
    const from = { uri: 'file:///w/old.ts', path: 'old.ts', review: 'pending' as const };
    const files = [
      { uri: 'file:///w/a.ts', path: 'a.ts', change: 'modified' as const, added: 1, removed: 1, review: 'accepted' as const },
      { uri: 'file:///w/b.ts', path: 'b.ts', change: 'moved' as const, from, added: 1, removed: 0, review: 'pending' as const },
    ];
    const patched = { ...conversation('patched', 1), items: [{ ...card, changedFiles: files }] };
    await store.save(patched);
    assert.deepEqual(await new ConversationStore(folder).load('patched'), patched);
    const later = [{ ...files[0], change: 'copied', review: 'deferred' }, { ...files[1], from: { ...from, review: 'deferred' } }];
    await fs.writeFile(path.join(folder, 'later.json'), savedFile({ ...conversation('later', 2), items: [{ ...card, changedFiles: later }] }));
    assert.deepEqual(await store.load('later'), {
      ...conversation('later', 2),
      items: [{ ...card, changedFiles: [{ uri: 'file:///w/a.ts', path: 'a.ts', added: 1, removed: 1 }, { ...files[1], from: { uri: 'file:///w/old.ts', path: 'old.ts' } }] }],
    });
  });

  it('loads the one changed file of a card saved before cards listed their files as a list of one, and saves it as it was', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'edit_file', toolKind: 'edit' as const, title: 'Edited a.ts +1 −1', status: 'done' as const, arguments: '{}', result: 'ok', review: 'pending' as const };
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'old.json'), savedFile({ ...conversation('old', 1), items: [{ ...card, changedFile: { uri: 'file:///w/a.ts', path: 'a.ts' } }] }));
    const loaded = await store.load('old');
    assert.deepEqual(loaded?.items, [{ ...card, changedFiles: [{ uri: 'file:///w/a.ts', path: 'a.ts' }] }]);
    await store.save(loaded as NonNullable<typeof loaded>);
    const written = JSON.parse(await fs.readFile(path.join(folder, 'old.json'), 'utf8')) as { items: unknown[] };
    assert.deepEqual(written.items, [{ ...card, changedFile: { uri: 'file:///w/a.ts', path: 'a.ts' } }], 'earlier versions can still read it');
  });

  it('keeps a card plan mode refused as a refusal, and loads one whose reason a later version added as a plain failure', async () => {
    const card = { kind: 'tool' as const, id: 'c1', name: 'edit_file', toolKind: 'edit' as const, title: 'Not run: a.ts', status: 'error' as const, arguments: '{}', result: 'edit_file was not run.' };
    const refused = { ...conversation('refused', 1), items: [{ ...card, refusal: 'planMode' as const }] };
    await store.save(refused);
    assert.deepEqual(await new ConversationStore(folder).load('refused'), refused);
    await fs.writeFile(path.join(folder, 'later.json'), savedFile({ ...conversation('later', 2), items: [{ ...card, refusal: 'budget' }] }));
    assert.deepEqual(await store.load('later'), { ...conversation('later', 2), items: [card] });
  });

  it('lists the newest first, from the index', async () => {
    await store.save(conversation('a', 10));
    await store.save(conversation('b', 30));
    await store.save(conversation('c', 20));
    await store.save({ ...conversation('a', 40), title: 'Renamed' });
    const expected = [
      { id: 'a', title: 'Renamed', updatedAt: 40 },
      { id: 'b', title: 'Chat b', updatedAt: 30 },
      { id: 'c', title: 'Chat c', updatedAt: 20 },
    ];
    assert.deepEqual(await store.list(), expected);
    assert.deepEqual(await new ConversationStore(folder).list(), expected);
  });

  it('skips corrupt files, logging them and leaving them in place', async () => {
    await store.save(conversation('good', 1));
    await fs.writeFile(path.join(folder, 'broken.json'), '{"version": 1, "id": "broken", "ti');
    await fs.writeFile(path.join(folder, 'wrong.json'), savedFile({ ...conversation('wrong', 2), items: [{ kind: 'unknown' }] }));
    await fs.writeFile(path.join(folder, 'other.json'), savedFile(conversation('someone-else', 3)));
    assert.deepEqual((await store.list()).map((summary) => summary.id), ['good']);
    assert.equal(logged.length, 3);
    assert.equal(await store.load('broken'), undefined);
    assert.equal(await store.load('wrong'), undefined);
    assert.equal(await store.load('other'), undefined);
    assert.deepEqual((await fs.readdir(folder)).sort(), ['broken.json', 'good.json', 'index.json', 'other.json', 'wrong.json']);
    await store.list();
    assert.equal(logged.length, 6, 'each load logs; a second list does not log the same files again');
  });

  it('rebuilds a missing or corrupt index from the files', async () => {
    await store.save(conversation('a', 1));
    await store.save(conversation('b', 2));
    await fs.writeFile(path.join(folder, 'index.json'), 'not json');
    assert.deepEqual((await store.list()).map((summary) => summary.id), ['b', 'a']);
    assert.equal(logged.length, 1);
    const rebuilt = JSON.parse(await fs.readFile(path.join(folder, 'index.json'), 'utf8')) as { conversations: unknown[] };
    assert.equal(rebuilt.conversations.length, 2);

    await fs.rm(path.join(folder, 'index.json'));
    assert.deepEqual((await new ConversationStore(folder).list()).map((summary) => summary.id), ['b', 'a']);
  });

  it('brings a stale index in line with the folder, as another window may share it', async () => {
    await store.save(conversation('a', 1));
    const otherWindow = new ConversationStore(folder);
    await fs.writeFile(path.join(folder, 'b.json'), savedFile(conversation('b', 2)));
    await fs.rm(path.join(folder, 'a.json'));
    assert.deepEqual(await otherWindow.list(), [{ id: 'b', title: 'Chat b', updatedAt: 2 }]);
  });

  it('keeps the last of concurrent saves of one conversation', async () => {
    const saves = Array.from({ length: 20 }, (_, index) => store.save({ ...conversation('busy', index), title: `Version ${index}` }));
    await Promise.all(saves);
    assert.equal((await store.load('busy'))?.title, 'Version 19');
    assert.deepEqual(await store.list(), [{ id: 'busy', title: 'Version 19', updatedAt: 19 }]);
    assert.deepEqual((await fs.readdir(folder)).sort(), ['busy.json', 'index.json'], 'no temp files are left');
  });

  it('keeps every conversation of concurrent saves to different ones in the index', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((id, index) => store.save(conversation(id, index))));
    assert.deepEqual((await new ConversationStore(folder).list()).map((summary) => summary.id), ['d', 'c', 'b', 'a']);
  });

  it('keeps every one of 300 saved conversations, file and index entry: nothing is pruned but by Delete', async function () {
    // Each save rewrites the index: 300 of them take a few seconds on a busy machine.
    this.timeout(60_000);
    const ids = Array.from({ length: 300 }, (_, index) => `c${index}`);
    for (const [index, id] of ids.entries()) await store.save(conversation(id, index + 1));
    const files = (await fs.readdir(folder)).filter((name) => name !== 'index.json' && name.endsWith('.json'));
    assert.equal(files.length, 300);
    const index = JSON.parse(await fs.readFile(path.join(folder, 'index.json'), 'utf8')) as { conversations: { id: string }[] };
    assert.deepEqual(index.conversations.map((entry) => entry.id).sort(), [...ids].sort());
    assert.deepEqual((await store.list()).map((entry) => entry.id), [...ids].reverse());
    assert.deepEqual(await store.load('c0'), conversation('c0', 1));
  });

  it('writes an item kept from an earlier save as it is now, with only the fields the format defines', async () => {
    const item = { kind: 'assistant' as const, id: 'a2', text: 'Kept.', thinking: '', extra: 'not in the format' };
    const first = { ...conversation('c1', 1), items: [...conversation('c1', 1).items, item] };
    await store.save(first);
    const next = { kind: 'assistant' as const, id: 'a3', text: 'New.', thinking: '' };
    await store.save({ ...first, updatedAt: 2, items: [...first.items, next] });
    const saved = JSON.parse(await fs.readFile(path.join(folder, 'c1.json'), 'utf8')) as { version: number; items: unknown[] };
    assert.equal(Object.keys(saved)[0], 'version', 'the version first, where a newer Elbow looks for it');
    assert.deepEqual(saved.items.slice(2), [{ kind: 'assistant', id: 'a2', text: 'Kept.', thinking: '' }, next]);
    assert.deepEqual((await store.load('c1'))?.items.slice(2), [{ kind: 'assistant', id: 'a2', text: 'Kept.', thinking: '' }, next]);
  });

  it('refuses ids that could reach outside the folder or clash with the index', async () => {
    for (const id of ['../escape', 'a/b', '..', '', 'x'.repeat(65), 'index', 'INDEX', 'a.b', 'a\\b']) {
      await assert.rejects(store.save(conversation(id, 1)), /Not a valid conversation id/, id);
      await assert.rejects(store.delete(id), /Not a valid conversation id/, id);
      assert.equal(await store.load(id), undefined, id);
    }
    assert.deepEqual(await fs.readdir(base), []);
  });

  it('deletes a conversation and its index entry', async () => {
    await store.save(conversation('a', 1));
    await store.save(conversation('b', 2));
    await store.delete('a');
    assert.equal(await store.load('a'), undefined);
    assert.deepEqual((await store.list()).map((summary) => summary.id), ['b']);
    await store.delete('a');
    await store.delete('never-saved');
    assert.deepEqual(await new ConversationStore(folder).list(), [{ id: 'b', title: 'Chat b', updatedAt: 2 }]);
  });

  it('repairs the history of a conversation saved mid-run', async () => {
    const midRun: StoredConversation = {
      ...conversation('mid', 1),
      messages: [userText('read a'), { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{}' }], stopReason: 'tool_use', provider: 'p', model: 'm' }],
      usage: emptyUsage(),
    };
    await store.save(midRun);
    const loaded = await store.load('mid');
    const last = loaded?.messages.at(-1);
    assert.ok(last?.role === 'tool');
    assert.deepEqual(last.results[0]?.content, [{ type: 'text', text: INTERRUPTED_TOOL_MESSAGE }]);
  });

  it('keeps the fields a server needs back, and the server they belong to, through saving and repair', async () => {
    const extra = { google: { thought_signature: 'CrICAdHtim827fQ' } };
    const assistant = {
      role: 'assistant' as const,
      content: [{ type: 'tool_call' as const, id: 'c1', name: 'read_file', arguments: '{}', providerData: { extra_content: extra } }],
      stopReason: 'tool_use' as const,
      provider: 'openai',
      origin: 'generativelanguage.googleapis.com',
      providerData: { reasoning_content: 'Read it first.' },
      model: 'gemini-3-pro-preview',
    };
    // Saved mid-run: loading repairs the history, and must not lose what the server needs back.
    await store.save({ ...conversation('data', 1), messages: [userText('read a'), assistant], usage: emptyUsage() });
    const loaded = await store.load('data');
    assert.deepEqual(loaded?.messages[1], assistant);
  });

  it('treats messages without the shape repair relies on as corrupt', async () => {
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'odd.json'), savedFile({ ...conversation('odd', 1), messages: [{ role: 'assistant' }] }));
    assert.equal(await store.load('odd'), undefined);
    assert.equal(logged.length, 1);
  });
});

describe('conversationTitle', () => {
  it('uses the first line, whitespace collapsed', () => {
    assert.equal(conversationTitle('  Fix   the\tbug  \nin parser.ts'), 'Fix the bug');
    assert.equal(conversationTitle('\n\n  second line wins\n'), 'second line wins');
  });

  it('shortens long lines to 60 characters with an ellipsis', () => {
    const title = conversationTitle('word '.repeat(30));
    assert.equal(title.length <= 60, true);
    assert.ok(title.endsWith('…'));
    assert.equal(conversationTitle('x'.repeat(60)), 'x'.repeat(60));
  });

  it('says "New chat" when there is no text', () => {
    assert.equal(conversationTitle(''), 'New chat');
    assert.equal(conversationTitle(' \n\t '), 'New chat');
  });
});
