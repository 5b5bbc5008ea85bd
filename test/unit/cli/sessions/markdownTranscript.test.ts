import assert from 'node:assert/strict';
import { Marked, type Token } from 'marked';
import { markdownTranscript } from '../../../../src/cli/sessions/markdownTranscript';
import type { SavedConversation } from '../../../../src/node/conversations/savedConversationSchema';

const hostile = '```\r\n````` \n</code></pre><script>alert(1)</script>\n# Injected heading\n[link](javascript:alert(1))\n~~~\n';

function conversation(items: SavedConversation['items']): SavedConversation {
  return {
    version: 1, id: 'abc', title: '<img src=x onerror=alert(1)> # [x](y) ```', createdAt: 0, updatedAt: 0, messages: [], items,
    usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 }, cost: null, model: { provider: 'openai', model: '<b>m</b>' },
  };
}

/** The transcript as a Markdown reader parses it: what its blocks are and which of them hold raw HTML. */
function blocks(markdown: string): Token[] {
  return new Marked().lexer(markdown);
}

describe('markdownTranscript', () => {
  it('keeps text of the user, the model and the tools inside its blocks: no fence, heading, link or HTML of theirs takes effect', () => {
    const markdown = markdownTranscript(conversation([
      { kind: 'user', id: '1', text: hostile, attachments: [{ id: 'a', kind: 'image', path: '<svg onload=alert(1)>\n# x' }] },
      { kind: 'assistant', id: '2', text: hostile, thinking: hostile },
      { kind: 'tool', id: '3', name: 'read_file</h3>', title: hostile, status: 'done', arguments: hostile, result: hostile },
      { kind: 'error', id: '4', message: hostile, retryable: false },
      { kind: 'compaction', id: '5', layer: 2, state: 'done', beforeTokens: 9, summary: hostile },
    ]));
    const tokens = blocks(markdown);
    assert.deepEqual(tokens.filter((token) => token.type === 'html'), []);
    const headings = tokens.filter((token): token is Token & { type: 'heading'; text: string } => token.type === 'heading').map((token) => token.text);
    assert.deepEqual(headings.map((heading) => heading.replace(/\\/g, '')), [
      '&lt;img src=x onerror=alert(1)&gt; # [x](y) ```', 'User', 'Assistant', 'Tool: read_file&lt;/h3&gt; (done)', 'Error', 'The history was compacted (layer 2, done)',
    ]);
    const code = tokens.filter((token): token is Token & { type: 'code'; text: string } => token.type === 'code').map((token) => token.text);
    assert.equal(code.length, 7);
    for (const block of code) assert.equal(block.trimEnd(), hostile.replace(/\r\n?/g, '\n').trimEnd());
    const html = new Marked().parse(markdown, { async: false });
    assert.doesNotMatch(html, /<(script|img|svg|a)\b/);
  });
});
