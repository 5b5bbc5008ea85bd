import assert from 'node:assert/strict';
import { compactedHistory } from '../../../../src/core/context/conversationSummary';
import { planModeNote } from '../../../../src/core/agent/planModeNote';
import type { AssistantMessage, Message } from '../../../../src/core/llm/messages';
import { savedItemsOfMessages } from '../../../../src/node/conversations/savedItemsOfMessages';
import { savedChatItemSchema } from '../../../../src/node/conversations/savedChatItemSchema';

const reply = (content: AssistantMessage['content']): AssistantMessage => ({ role: 'assistant', content, stopReason: 'end_turn', provider: 'openai', model: 'm' });

describe('savedItemsOfMessages', () => {
  let next = 0;
  const newId = (): string => `id-${++next}`;

  it('makes the user turns, replies and tool cards a History shows, leaving out Elbow\'s notes and a compaction summary', () => {
    next = 0;
    const messages: Message[] = [
      ...compactedHistory({ summary: 'Earlier work.', originalRequest: 'first', latestRequest: undefined, touchedFiles: [], archive: undefined }),
      { role: 'user', content: [{ type: 'text', text: 'fix it' }, { type: 'image', mediaType: 'image/png', data: 'AAAA' }, { type: 'text', text: `[Elbow: ${planModeNote}]` }] },
      reply([{ type: 'thinking', thinking: 'Look first.' }, { type: 'text', text: 'Reading.' }, { type: 'tool_call', id: 'call-1', name: 'read_file', arguments: '{"path":"a.ts"}' }, { type: 'tool_call', id: 'call-2', name: 'run_command', arguments: '{"command":"false"}' }]),
      { role: 'tool', results: [
        { type: 'tool_result', toolCallId: 'call-1', toolName: 'read_file', content: [{ type: 'text', text: '1\tconst a = 1;' }], isError: false },
        { type: 'tool_result', toolCallId: 'call-2', toolName: 'run_command', content: [{ type: 'text', text: 'exit 1' }], isError: true },
      ] },
      reply([{ type: 'text', text: 'Done.' }]),
    ];
    const cards = new Map([['call-1', { title: 'Read a.ts (lines 1–1)', toolKind: 'read' }], ['call-2', { title: 'Ran false', toolKind: 'command', placement: 'sandboxed' as const }]]);
    const items = savedItemsOfMessages(messages, { cards, newId });
    assert.deepEqual(items, [
      { kind: 'user', id: 'id-2', text: 'fix it', attachments: [{ id: 'id-1', kind: 'image', path: 'image 1 (image/png)' }] },
      { kind: 'assistant', id: 'id-3', text: 'Reading.', thinking: 'Look first.' },
      { kind: 'tool', id: 'call-1', name: 'read_file', toolKind: 'read', title: 'Read a.ts (lines 1–1)', status: 'done', arguments: '{"path":"a.ts"}', result: '1\tconst a = 1;' },
      { kind: 'tool', id: 'call-2', name: 'run_command', toolKind: 'command', title: 'Ran false', status: 'error', arguments: '{"command":"false"}', result: 'exit 1', placement: 'sandboxed' },
      { kind: 'assistant', id: 'id-4', text: 'Done.', thinking: '' },
    ]);
    for (const item of items) savedChatItemSchema.parse(item);
  });

  it('fills in a card made in an earlier batch when its result comes in a later one', () => {
    const openCards = new Map();
    const [card] = savedItemsOfMessages([reply([{ type: 'tool_call', id: 'c', name: 'list_files', arguments: '{}' }])], { openCards, newId });
    assert.equal(card?.kind === 'tool' ? card.status : undefined, 'running');
    const later = savedItemsOfMessages([{ role: 'tool', results: [{ type: 'tool_result', toolCallId: 'c', toolName: 'list_files', content: [{ type: 'text', text: 'a.ts' }], isError: false }] }], { openCards, newId });
    assert.deepEqual(later, []);
    assert.deepEqual(card?.kind === 'tool' ? [card.status, card.result, card.title] : undefined, ['done', 'a.ts', 'list_files']);
  });
});
