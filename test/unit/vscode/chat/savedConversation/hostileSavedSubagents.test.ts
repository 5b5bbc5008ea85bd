import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage } from '../../../../../src/core/llm/messages';
import type { Subagent } from '../../../../../src/protocol/chatItems';
import { ConversationStore } from '../../../../../src/vscode/chat/conversationStore';

const leaf: Subagent = { taskId: 't', agent: 'general', description: 'd', status: 'done', steps: [], usage: emptyUsage(), cost: 0 };

function savedJson(id: string, subagent: Subagent): string {
  const card = { kind: 'tool', id: 'i1', name: 'task', toolKind: 'task', title: 'x', status: 'done', arguments: '{}', result: '', subagent };
  return JSON.stringify({ version: 1, id, title: id, createdAt: 0, updatedAt: 1, messages: [], usage: emptyUsage(), items: [card] });
}

describe('a hostile saved conversation', () => {
  let folder: string;
  let logged: string[];

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-hostile-saved-'));
    logged = [];
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  const store = () => new ConversationStore(folder, (message) => void logged.push(message));

  it('marks a file whose reading throws as unreadable, and keeps listing, saving and deleting the others', async () => {
    await fs.writeFile(path.join(folder, 'good1.json'), savedJson('good1', leaf));
    await fs.writeFile(path.join(folder, 'good2.json'), savedJson('good2', leaf));
    // A getter that throws stands for any failure while reading one file's JSON.
    const parse = JSON.parse;
    const hostile = savedJson('evil', leaf);
    await fs.writeFile(path.join(folder, 'evil.json'), hostile);
    JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      if (text !== hostile) return parse(text, reviver) as unknown;
      return Object.defineProperty({}, 'version', { get: () => { throw new RangeError('Maximum call stack size exceeded'); }, enumerable: true });
    }) as typeof JSON.parse;
    try {
      const history = store();
      assert.deepEqual((await history.list()).map((entry) => entry.id).sort(), ['good1', 'good2']);
      assert.equal(await history.load('evil'), undefined);
      assert.ok(logged.some((message) => message.includes('evil.json') && message.includes('Maximum call stack')), logged.join('\n'));
      await history.delete('good1');
      const good2 = await history.load('good2');
      assert.ok(good2);
      await history.save({ ...good2, updatedAt: 9 });
      assert.deepEqual((await history.list()).map((entry) => entry.id), ['good2']);
    } finally {
      JSON.parse = parse;
    }
  });
});
