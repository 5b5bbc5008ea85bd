import assert from 'node:assert/strict';
import { messagesTokens, messageTokens, rawPromptTokens, textTokens } from '../../../../src/core/context/tokenEstimate';
import { userText, type Message, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import type { ToolSpec } from '../../../../src/core/llm/provider';
import { assistantMessage } from '../../../support/messageBuilders';

const readTool: ToolSpec = { name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } };

describe('tokenEstimate', () => {
  it('counts about four characters a token, rounding up', () => {
    assert.equal(textTokens(''), 0);
    assert.equal(textTokens('abcd'), 1);
    assert.equal(textTokens('abcde'), 2);
    assert.equal(textTokens('x'.repeat(4_000)), 1_000);
  });

  it('counts the text of a message plus a small overhead per message', () => {
    assert.equal(messageTokens(userText('x'.repeat(40))), 4 + 10);
    assert.equal(messageTokens(assistantMessage({ type: 'text', text: 'x'.repeat(8) }, { type: 'text', text: 'y'.repeat(9) })), 4 + 2 + 3);
  });

  it('counts a tool call by its id, name and arguments', () => {
    // 'c1' → 1, 'read_file' → 3, '{"path":"a.ts"}' (15 characters) → 4
    assert.equal(messageTokens(assistantMessage({ type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{"path":"a.ts"}' })), 4 + 1 + 3 + 4);
  });

  it('counts thinking with its signature and redacted data', () => {
    assert.equal(messageTokens(assistantMessage({ type: 'thinking', thinking: 'x'.repeat(40) })), 4 + 10);
    assert.equal(messageTokens(assistantMessage({ type: 'thinking', thinking: 'x'.repeat(40), signature: 's'.repeat(20) })), 4 + 10 + 5);
    assert.equal(messageTokens(assistantMessage({ type: 'thinking', thinking: '', redactedData: 'r'.repeat(400) })), 4 + 100);
  });

  it('counts an image at a fixed cost, whatever its size', () => {
    const small: Message = { role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] };
    const large: Message = { role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: 'A'.repeat(1_000_000) }] };
    assert.equal(messageTokens(small), 4 + 1_600);
    assert.equal(messageTokens(large), 4 + 1_600);
  });

  it('counts tool results with their call id, text and images', () => {
    const message: ToolResultsMessage = {
      role: 'tool',
      results: [
        { type: 'tool_result', toolCallId: 'call_1', toolName: 'read_file', content: [{ type: 'text', text: 'x'.repeat(400) }], isError: false },
        { type: 'tool_result', toolCallId: 'c2', toolName: 'screenshot', content: [{ type: 'text', text: 'shot' }, { type: 'image', mediaType: 'image/png', data: 'A'.repeat(10_000) }], isError: false },
      ],
    };
    // message overhead, then per result: overhead + id + content
    assert.equal(messageTokens(message), 4 + (4 + 2 + 100) + (4 + 1 + 1 + 1_600));
  });

  it('adds up the messages', () => {
    const messages: Message[] = [userText('x'.repeat(40)), assistantMessage({ type: 'text', text: 'y'.repeat(8) })];
    assert.equal(messagesTokens(messages), 14 + 6);
    assert.equal(messagesTokens([]), 0);
  });

  it('counts the system prompt and the tool schemas besides the messages', () => {
    const messages: Message[] = [userText('x'.repeat(40))];
    const schemaTokens = textTokens(JSON.stringify([readTool]));
    assert.ok(schemaTokens > 10);
    assert.equal(rawPromptTokens({ system: '', tools: [], messages }), 1 + 14); // '[]' → 1
    assert.equal(rawPromptTokens({ system: 's'.repeat(400), tools: [], messages }), 100 + 1 + 14);
    assert.equal(rawPromptTokens({ system: 's'.repeat(400), tools: [readTool], messages }), 100 + schemaTokens + 14);
  });

  it('gives the same count for the same prompt, every time', () => {
    const prompt = () => ({
      system: 'You are Elbow.',
      tools: [readTool],
      messages: [
        userText('read a.ts'),
        assistantMessage({ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{"path":"a.ts"}' }),
        { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'c1', toolName: 'read_file', content: [{ type: 'text', text: 'const a = 1;' }], isError: false }] },
      ] satisfies Message[],
    });
    const first = rawPromptTokens(prompt());
    assert.equal(rawPromptTokens(prompt()), first);
    assert.equal(rawPromptTokens(structuredClone(prompt())), first);
  });
});
