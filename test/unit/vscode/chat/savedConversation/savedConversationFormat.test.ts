import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConversationStore } from '../../../../../src/vscode/chat/conversationStore';
import { migrateSavedConversation, migrateSavedConversationIndex } from '../../../../../src/node/conversations/migrateSavedConversation';
import { SAVED_CONVERSATION_FORMAT_VERSION } from '../../../../../src/node/conversations/savedConversationSchema';

/** Files written by ConversationStore at commit cefa138, by produceFixtures.ts there (see the README beside them). */
const fixtures = path.join(__dirname, '..', 'fixtures', 'saved-conversations');

async function fixtureIds(): Promise<string[]> {
  return (await fs.readdir(fixtures)).filter((name) => name.endsWith('.json') && name !== 'index.json').map((name) => name.slice(0, -'.json'.length));
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

describe('The saved-conversation format', () => {
  let folder: string;
  let logged: string[];
  let store: ConversationStore;

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-saved-format-'));
    await fs.cp(fixtures, folder, { recursive: true, filter: (source) => !source.endsWith('.ts') && !source.endsWith('.md') });
    logged = [];
    store = new ConversationStore(folder, (message) => void logged.push(message));
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  it('has fixtures of conversations saved by earlier code', async () => {
    assert.ok((await fixtureIds()).length >= 2);
  });

  it('migrates every fixture, and their index, to the current version', async () => {
    for (const id of await fixtureIds()) {
      const reading = migrateSavedConversation(await readJson(path.join(fixtures, `${id}.json`)));
      assert.equal(reading.kind, 'read', id);
      assert.equal(reading.kind === 'read' && reading.value.version, SAVED_CONVERSATION_FORMAT_VERSION, id);
    }
    const index = migrateSavedConversationIndex(await readJson(path.join(fixtures, 'index.json')));
    assert.equal(index.kind === 'read' && index.value.version, SAVED_CONVERSATION_FORMAT_VERSION);
  });

  it('lists and loads every fixture, and saving one writes it back as it was', async () => {
    const ids = await fixtureIds();
    assert.deepEqual((await store.list()).map((entry) => entry.id).sort(), ids.sort());
    for (const id of ids) {
      const loaded = await store.load(id);
      assert.ok(loaded, id);
      await store.save(loaded);
      assert.deepEqual(await new ConversationStore(folder).load(id), loaded, `${id} round-trips`);
      assert.deepEqual(await readJson(path.join(folder, `${id}.json`)), await readJson(path.join(fixtures, `${id}.json`)), `${id} is stored in the same shape`);
    }
    assert.deepEqual(await readJson(path.join(folder, 'index.json')), await readJson(path.join(fixtures, 'index.json')));
    assert.deepEqual(logged, []);
  });

  it('refuses a conversation from a newer version, and never overwrites its file', async () => {
    const [id] = await fixtureIds();
    assert.ok(id !== undefined);
    const file = path.join(folder, `${id}.json`);
    const current = await store.load(id);
    assert.ok(current);
    const { version: _version, ...rest } = (await readJson(file)) as Record<string, unknown>;
    const newer = `${JSON.stringify({ version: SAVED_CONVERSATION_FORMAT_VERSION + 1, ...rest, shape: 'of the future' })}\n`;
    await fs.writeFile(file, newer);

    assert.equal(await store.load(id), undefined);
    assert.match(logged.join('\n'), /newer version of Elbow/);
    await assert.rejects(store.save(current), /newer version of Elbow/);
    await store.list();
    await store.delete('someone-else');
    assert.equal(await fs.readFile(file, 'utf8'), newer, 'the file is left as it was');
  });

  it('lists from the files when the index is from a newer version, leaving the index as it is', async () => {
    const indexFile = path.join(folder, 'index.json');
    const newer = JSON.stringify({ version: SAVED_CONVERSATION_FORMAT_VERSION + 1, rows: [] });
    await fs.writeFile(indexFile, newer);
    const ids = await fixtureIds();

    assert.deepEqual((await store.list()).map((entry) => entry.id).sort(), ids.sort());
    const loaded = await store.load(ids[0] ?? '');
    assert.ok(loaded);
    await store.save({ ...loaded, title: 'Renamed' });
    assert.ok((await store.list()).some((entry) => entry.title === 'Renamed'));
    assert.equal(await fs.readFile(indexFile, 'utf8'), newer);
    assert.equal(logged.filter((message) => /newer version of Elbow/.test(message)).length, 1, 'said once');
  });

  it('refuses files without a format version or of an unknown shape as corrupt', () => {
    assert.equal(migrateSavedConversation({ id: 'a', title: 'no version' }).kind, 'invalid');
    assert.equal(migrateSavedConversation(undefined).kind, 'invalid');
    assert.equal(migrateSavedConversation({ version: 1, id: 'a' }).kind, 'invalid');
    assert.equal(migrateSavedConversationIndex({ version: 0, conversations: [] }).kind, 'invalid');
  });
});
