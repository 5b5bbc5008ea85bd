import assert from 'node:assert/strict';
import { localTime, modelChangeNote, sessionRecap } from '../../../../src/cli/sessions/restoreConversation';
import type { CliConfig } from '../../../../src/cli/cliConfig';
import type { StoredConversation } from '../../../../src/node/conversations/conversationStore';

const stored: StoredConversation = {
  id: 'abc', title: 'fix the parser', createdAt: 0, updatedAt: Date.UTC(2026, 10, 28, 9, 30), messages: [],
  items: [
    { kind: 'user', id: '1', text: 'fix the parser', attachments: [] },
    { kind: 'assistant', id: '2', text: 'Done.', thinking: '' },
    { kind: 'user', id: '3', text: 'and the tests', attachments: [] },
  ],
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  model: { provider: 'anthropic', model: 'claude-sonnet-4-6' },
};
const config = (provider: string, model: string): CliConfig => ({ settings: { provider, model }, apiKey: 'k', dataFolder: '/d', warnings: [] });

describe('carrying on a saved session', () => {
  it('recaps the session in the chat: title, turns and when it was last active', () => {
    assert.equal(sessionRecap(stored), `Resuming "fix the parser": 2 turns, last active ${localTime(stored.updatedAt)}.\n`);
    assert.match(localTime(stored.updatedAt), /^2026-11-2[78] \d\d:\d\d$/);
  });

  it('says when the session goes on with another provider or model, and nothing when it does not', () => {
    assert.equal(modelChangeNote(stored, config('anthropic', 'claude-sonnet-4-6')), undefined);
    assert.equal(modelChangeNote(stored, config('openai', 'gpt-4.1')), 'elbow: this session was held with anthropic claude-sonnet-4-6; it goes on with openai gpt-4.1.\n');
    assert.equal(modelChangeNote({ ...stored, model: undefined }, config('openai', 'gpt-4.1')), undefined);
  });
});
