import assert from 'node:assert/strict';
import { completeFinalEvent } from '../../../../../src/core/llm/providers/completeFinalEvent';

async function served(body: string, contentType = 'text/event-stream'): Promise<string> {
  const fetch = completeFinalEvent(async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }));
  return (await fetch('http://localhost/')).text();
}

describe('completeFinalEvent', () => {
  it('closes a last event the server left open, and leaves a closed one alone', async () => {
    assert.equal(await served('data: {"type":"message_stop"}\n'), 'data: {"type":"message_stop"}\n\n');
    assert.equal(await served('data: {"type":"message_stop"}'), 'data: {"type":"message_stop"}\n\n');
    assert.equal(await served('data: [DONE]\n\n'), 'data: [DONE]\n\n');
    assert.equal(await served(''), '');
  });

  it('leaves other bodies as they are', async () => {
    assert.equal(await served('{"error":{}}', 'application/json'), '{"error":{}}');
  });
});
