import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { maxSubagentDepth } from '../../../../../src/core/agent/subagentProfiles';
import { emptyUsage } from '../../../../../src/core/llm/messages';
import type { ChatItem, Subagent } from '../../../../../src/protocol/chatItems';
import { ConversationStore } from '../../../../../src/vscode/chat/conversationStore';
import type { SavedChatItem } from '../../../../../src/node/conversations/savedChatItemSchema';
import type { SavedSubagent } from '../../../../../src/node/conversations/savedSubagentSchema';
import { migrateSavedConversation } from '../../../../../src/node/conversations/migrateSavedConversation';
import { MAX_SUBAGENT_STEPS, MAX_SUBAGENT_TEXT_CHARS } from '../../../../../src/node/conversations/savedSubagentSchema';

const leaf: Subagent = { taskId: 't', agent: 'general', description: 'd', status: 'done', steps: [], usage: emptyUsage(), cost: 0 };

/** A child whose `task` step holds a child, `depth` levels deep, as JSON text (built as text: too deep for JSON.stringify). */
function nestedChild(depth: number): string {
  const { steps: _none, ...fields } = leaf;
  const head = JSON.stringify(fields).slice(0, -1);
  let child = JSON.stringify(leaf);
  for (let level = 1; level < depth; level++) {
    child = `${head},"steps":[{"kind":"tool","id":"c${level}","name":"task","toolKind":"task","title":"x","status":"done","subagent":${child}}]}`;
  }
  return child;
}

function savedJson(id: string, subagent: Subagent | string): string {
  const card = { kind: 'tool', id: 'i1', name: 'task', toolKind: 'task', title: 'x', status: 'done', arguments: '{}', result: '', subagent: 'SUBAGENT' };
  const text = JSON.stringify({ version: 1, id, title: id, createdAt: 0, updatedAt: 1, messages: [], usage: emptyUsage(), items: [card] });
  return text.replace('"SUBAGENT"', typeof subagent === 'string' ? subagent : JSON.stringify(subagent));
}

function depthOf(subagent: Subagent | SavedSubagent | undefined): number {
  let depth = 0;
  for (let level = subagent; level !== undefined; depth++) {
    const step = level.steps.find((candidate) => candidate.kind === 'tool' && candidate.subagent !== undefined);
    level = step?.kind === 'tool' ? step.subagent : undefined;
  }
  return depth;
}

function savedSubagentOf(item: SavedChatItem | undefined): SavedSubagent | undefined {
  return item?.kind === 'tool' ? item.subagent : undefined;
}

function subagentOf(item: ChatItem | undefined): Subagent | undefined {
  return item?.kind === 'tool' ? item.subagent : undefined;
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

  it('reads children nested thousands deep without overflowing, keeping only the depths a session can reach', () => {
    const reading = migrateSavedConversation(JSON.parse(savedJson('deep', nestedChild(5000))));
    assert.equal(reading.kind, 'read');
    assert.equal(depthOf(reading.kind === 'read' ? savedSubagentOf(reading.value.items[0]) : undefined), maxSubagentDepth);
  });

  it('lists, opens, saves and deletes the other conversations while one file nests children thousands deep', async () => {
    await fs.writeFile(path.join(folder, 'good1.json'), savedJson('good1', nestedChild(1)));
    await fs.writeFile(path.join(folder, 'good2.json'), savedJson('good2', nestedChild(2)));
    await fs.writeFile(path.join(folder, 'evil.json'), savedJson('evil', nestedChild(5000)));
    const history = store();
    assert.deepEqual((await history.list()).map((entry) => entry.id).sort(), ['evil', 'good1', 'good2']);
    assert.equal((await history.load('good1'))?.id, 'good1');
    const evil = await history.load('evil');
    assert.equal(depthOf(subagentOf(evil?.items[0])), maxSubagentDepth);
    await history.delete('good1');
    const good2 = await history.load('good2');
    assert.ok(good2);
    await history.save({ ...good2, title: 'renamed', updatedAt: 5 });
    assert.deepEqual((await history.list()).map((entry) => [entry.id, entry.title]).sort(), [['evil', 'evil'], ['good2', 'renamed']]);
  });

  it('marks a file whose reading throws as unreadable, and keeps listing, saving and deleting the others', async () => {
    await fs.writeFile(path.join(folder, 'good1.json'), savedJson('good1', nestedChild(1)));
    await fs.writeFile(path.join(folder, 'good2.json'), savedJson('good2', nestedChild(1)));
    // A getter that throws stands for any failure while reading one file's JSON.
    const parse = JSON.parse;
    const hostile = savedJson('evil', nestedChild(1));
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

  it('keeps a saved child\'s latest steps and text within the card\'s limits', () => {
    const long = 'y'.repeat(MAX_SUBAGENT_TEXT_CHARS * 3);
    const steps = Array.from({ length: MAX_SUBAGENT_STEPS * 3 }, (_, index) => ({ kind: 'text' as const, id: `text-${index}`, text: long }));
    const reading = migrateSavedConversation(JSON.parse(savedJson('big', { ...leaf, steps, droppedSteps: 3 })));
    assert.equal(reading.kind, 'read');
    const child = reading.kind === 'read' ? savedSubagentOf(reading.value.items[0]) : undefined;
    assert.equal(child?.steps.length, MAX_SUBAGENT_STEPS);
    assert.equal(child?.droppedSteps, 3 + MAX_SUBAGENT_STEPS * 2);
    assert.equal(child?.steps[0]?.id, `text-${MAX_SUBAGENT_STEPS * 2}`);
    const text = child?.steps[0]?.kind === 'text' ? child.steps[0].text : '';
    assert.equal(text, `…${'y'.repeat(MAX_SUBAGENT_TEXT_CHARS)}`);
  });

  it('opens a child that was waiting for an answer as no longer asking', async () => {
    const waiting: Subagent = { ...leaf, status: 'running', steps: [{ kind: 'tool', id: 'r1', name: 'run_command', toolKind: 'command', title: 'Run?', status: 'running', asking: true }] };
    await fs.writeFile(path.join(folder, 'waiting.json'), savedJson('waiting', waiting));
    const step = subagentOf((await store().load('waiting'))?.items[0])?.steps[0];
    assert.equal(step?.kind === 'tool' ? step.asking : 'not a tool step', undefined);
  });
});
