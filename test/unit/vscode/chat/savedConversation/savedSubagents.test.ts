import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { emptyUsage } from '../../../../../src/core/llm/messages';
import type { ChatItem, Subagent } from '../../../../../src/protocol/chatItems';
import { ConversationStore, type StoredConversation } from '../../../../../src/vscode/chat/conversationStore';

const tokens = { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 0, cacheWriteTokens: 0 };

const grandchild: Subagent = {
  taskId: 'child2',
  agent: 'explore',
  description: 'Read the parser',
  status: 'cancelled',
  steps: [{ kind: 'tool', id: 'r1', name: 'read_file', toolKind: 'read', title: 'Read src/parser.ts', status: 'error' }],
  usage: tokens,
  cost: null,
};

const child: Subagent = {
  taskId: 'child1',
  agent: 'general',
  description: 'Find uses of parseConfig',
  status: 'done',
  steps: [
    { kind: 'tool', id: 's1', name: 'search', toolKind: 'search', title: 'Searched: 3 matches', status: 'done' },
    { kind: 'tool', id: 't1', name: 'task', toolKind: 'task', title: 'Task failed: Read the parser', status: 'error', subagent: grandchild },
    { kind: 'tool', id: 'e1', name: 'edit_file', toolKind: 'edit', title: 'Not run in plan mode', status: 'error', refusal: 'planMode' },
    { kind: 'text', id: 'text-3', text: 'It is used in a.ts.' },
  ],
  droppedSteps: 2,
  usage: { ...tokens, inputTokens: 2400 },
  cost: 0.02,
};

const taskCard: ChatItem = {
  kind: 'tool',
  id: 'task1',
  name: 'task',
  toolKind: 'task',
  title: 'Task done: Find uses of parseConfig',
  status: 'done',
  arguments: '{"description":"Find uses of parseConfig","prompt":"…","agent":"general"}',
  result: '<task_result>…</task_result>',
  subagent: child,
};

function conversation(items: ChatItem[]): StoredConversation {
  return { id: 'with-children', title: 'Where is parseConfig used?', createdAt: 1, updatedAt: 2, usage: emptyUsage(), messages: [], items };
}

describe('a saved conversation with subagents', () => {
  let folder: string;
  let logged: string[];

  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-saved-subagents-'));
    logged = [];
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  const store = () => new ConversationStore(folder, (message) => void logged.push(message));

  it('reopens with the task cards\' children, their steps and their children', async () => {
    const saved = conversation([{ kind: 'user', id: 'u1', text: 'Where is parseConfig used?', attachments: [] }, taskCard]);
    await store().save(saved);
    const loaded = await store().load('with-children');
    assert.deepEqual(loaded?.items, saved.items);
    assert.deepEqual(logged, []);
  });

  it('reads a state or kind a later version added as the nearest this one knows', async () => {
    await store().save(conversation([taskCard]));
    const file = path.join(folder, 'with-children.json');
    const json = JSON.parse(await fs.readFile(file, 'utf8')) as { items: Array<{ subagent: { status: string; steps: Array<Record<string, unknown>> } }> };
    const card = json.items[0];
    assert.ok(card);
    card.subagent.status = 'paused';
    card.subagent.steps[0] = { ...card.subagent.steps[0], toolKind: 'hologram', status: 'queued', refusal: 'budget' };
    await fs.writeFile(file, JSON.stringify(json));
    const loaded = (await store().load('with-children'))?.items[0];
    const subagent = loaded?.kind === 'tool' ? loaded.subagent : undefined;
    assert.equal(subagent?.status, 'failed');
    assert.deepEqual(subagent?.steps[0], { kind: 'tool', id: 's1', name: 'search', toolKind: 'unknown', title: 'Searched: 3 matches', status: 'error' });
    assert.deepEqual(logged, []);
  });
});
