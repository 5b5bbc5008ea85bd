import assert from 'node:assert/strict';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { MissingKeyError } from '../../../../src/vscode/chat/missingKeyError';

function transcriptWithIds(): ChatTranscript {
  let next = 0;
  return new ChatTranscript([], () => `id${++next}`);
}

describe('MissingKeyError', () => {
  it('names the provider as the picker does, follows a change of provider, and once there is a key says Retry sends the message', () => {
    const transcript = transcriptWithIds();
    transcript.addUser('Hello', []);
    const error = new MissingKeyError(transcript);
    assert.deepEqual(error.add({ label: 'OpenAI-compatible', model: 'gpt-4.1', hasKey: false }), [
      { type: 'itemAdded', item: { kind: 'error', id: 'id2', message: 'No API key for OpenAI-compatible. Run "Elbow: Set API Key" to add one, or change the provider.', retryable: true } },
    ]);

    assert.deepEqual(error.update({ label: 'Anthropic', model: 'claude-sonnet-4-6', hasKey: false }), [
      { type: 'itemUpdated', item: { kind: 'error', id: 'id2', message: 'No API key for Anthropic. Run "Elbow: Set API Key" to add one, or change the provider.', retryable: true } },
    ]);
    assert.deepEqual(error.update({ label: 'Anthropic', model: 'claude-sonnet-4-6', hasKey: false }), [], 'nothing changed, nothing to post');
    const resolved = error.update({ label: 'Anthropic', model: 'claude-sonnet-4-6', hasKey: true });
    assert.equal(resolved.length, 1);
    assert.deepEqual(transcript.items.at(-1), { kind: 'error', id: 'id2', message: 'The message was not sent: there was no API key. Now using Anthropic · claude-sonnet-4-6: Retry sends it.', retryable: true });
    assert.equal(transcript.items.filter((item) => item.kind === 'error' && item.message.includes('OpenAI')).length, 0, 'the stale error is gone');
  });

  it('leaves the error alone once a request found a key, and after another conversation opened', () => {
    const transcript = transcriptWithIds();
    const error = new MissingKeyError(transcript);
    error.add({ label: 'OpenAI-compatible', model: 'gpt-4.1', hasKey: false });
    error.forget();
    assert.deepEqual(error.update({ label: 'Anthropic', model: 'claude-sonnet-4-6', hasKey: true }), []);

    error.add({ label: 'OpenAI-compatible', model: 'gpt-4.1', hasKey: false });
    transcript.load([]);
    assert.deepEqual(error.update({ label: 'Anthropic', model: 'claude-sonnet-4-6', hasKey: true }), []);
  });
});
