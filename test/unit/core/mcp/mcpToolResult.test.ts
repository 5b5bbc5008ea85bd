import assert from 'node:assert/strict';
import { maxResultCharacters, mcpToolOutput, type McpCallResult } from '../../../../src/core/mcp/mcpToolResult';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function output(result: McpCallResult) {
  return mcpToolOutput(result, 'srv', 'tool');
}

describe('mcpToolOutput', () => {
  it('passes text on', () => {
    assert.deepEqual(output({ content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] }), {
      content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }],
      isError: false,
      summary: 'srv › tool',
    });
  });

  it('passes images on as image blocks', () => {
    assert.deepEqual(output({ content: [{ type: 'text', text: 'an image:' }, { type: 'image', data: png, mimeType: 'image/png' }] }).content, [
      { type: 'text', text: 'an image:' },
      { type: 'image', mediaType: 'image/png', data: png },
    ]);
  });

  it('notes audio instead of passing it', () => {
    assert.deepEqual(output({ content: [{ type: 'audio', data: 'AAAAAA==', mimeType: 'audio/wav' }] }).content, [
      { type: 'text', text: '[audio (audio/wav, 4 bytes) not shown: Elbow passes text and images only]' },
    ]);
  });

  it('gives an embedded text resource as text with its address', () => {
    assert.deepEqual(output({ content: [
      { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello\nworld' } },
      { type: 'resource', resource: { uri: 'memo://1', text: 'no type' } },
    ] }).content, [
      { type: 'text', text: 'Resource file:///notes.txt (text/plain):\nhello\nworld' },
      { type: 'text', text: 'Resource memo://1:\nno type' },
    ]);
  });

  it('gives an embedded image resource as an image', () => {
    assert.deepEqual(output({ content: [{ type: 'resource', resource: { uri: 'file:///dot.png', mimeType: 'image/png', blob: png } }] }).content, [
      { type: 'image', mediaType: 'image/png', data: png },
    ]);
  });

  it('notes an embedded binary resource with its size', () => {
    assert.deepEqual(output({ content: [
      { type: 'resource', resource: { uri: 'file:///x.gz', mimeType: 'application/gzip', blob: 'AAAAAAAA' } },
      { type: 'resource', resource: { uri: 'file:///y', blob: 'AAA=' } },
    ] }).content, [
      { type: 'text', text: '[resource file:///x.gz (application/gzip, 6 bytes) not shown: binary content]' },
      { type: 'text', text: '[resource file:///y (binary, 2 bytes) not shown: binary content]' },
    ]);
  });

  it('describes a resource link', () => {
    assert.deepEqual(output({ content: [
      { type: 'resource_link', uri: 'file:///report.pdf', name: 'report', mimeType: 'application/pdf', description: 'The yearly report' },
      { type: 'resource_link', uri: 'https://example.com/a', name: 'a' },
    ] }).content, [
      { type: 'text', text: 'Resource link: report file:///report.pdf (application/pdf) — The yearly report' },
      { type: 'text', text: 'Resource link: a https://example.com/a' },
    ]);
  });

  it('gives structured content as JSON when there is no other content', () => {
    assert.deepEqual(output({ content: [], structuredContent: { sum: 5, terms: [2, 3] } }).content, [
      { type: 'text', text: '{\n  "sum": 5,\n  "terms": [\n    2,\n    3\n  ]\n}' },
    ]);
    assert.deepEqual(output({ structuredContent: { ok: true } }).content, [{ type: 'text', text: '{\n  "ok": true\n}' }]);
    // With content, the content is what the model reads.
    assert.deepEqual(output({ content: [{ type: 'text', text: 'sum: 5' }], structuredContent: { sum: 5 } }).content, [{ type: 'text', text: 'sum: 5' }]);
  });

  it('says so when there is no output at all', () => {
    assert.deepEqual(output({}), { content: '(no output)', isError: false, summary: 'srv › tool' });
    assert.deepEqual(output({ content: [] }).content, '(no output)');
  });

  it('keeps isError and sums up the first line of the error', () => {
    assert.deepEqual(output({ content: [{ type: 'text', text: 'Repository not found\nsee the docs' }], isError: true }), {
      content: [{ type: 'text', text: 'Repository not found\nsee the docs' }],
      isError: true,
      summary: 'srv › tool failed: Repository not found',
    });
    assert.equal(output({ content: [{ type: 'image', data: png, mimeType: 'image/png' }], isError: true }).summary, 'srv › tool failed');
    const long = output({ content: [{ type: 'text', text: 'e'.repeat(150) }], isError: true }).summary;
    assert.equal(long, `srv › tool failed: ${'e'.repeat(99)}…`);
    assert.equal(output({ content: [{ type: 'text', text: 'fine' }], isError: false }).isError, false);
  });

  it(`cuts text past ${maxResultCharacters.toLocaleString('en-US')} characters and says how much`, () => {
    assert.equal(maxResultCharacters, 60_000);
    const { content } = output({ content: [{ type: 'text', text: 'x'.repeat(70_000) }] });
    assert.ok(Array.isArray(content));
    assert.equal(content.length, 1);
    const [block] = content;
    assert.equal(block?.type, 'text');
    const text = block?.type === 'text' ? block.text : '';
    assert.ok(text.startsWith(`${'x'.repeat(60_000)}\n[`), 'the first 60,000 characters are kept');
    assert.equal(text.slice(60_000), '\n[… 10,000 more characters cut: the result was longer than 60,000 characters. Ask the tool for less, e.g. a narrower query or a page.]');
  });

  it('counts the cap over all text blocks, not images', () => {
    const { content } = output({ content: [
      { type: 'text', text: 'a'.repeat(50_000) },
      { type: 'image', data: png, mimeType: 'image/png' },
      { type: 'text', text: 'b'.repeat(20_000) },
      { type: 'text', text: 'c'.repeat(5) },
    ] });
    assert.ok(Array.isArray(content));
    const texts = content.map((block) => (block.type === 'text' ? block.text : `[${block.mediaType}]`));
    assert.equal(texts[0], 'a'.repeat(50_000));
    assert.equal(texts[1], '[image/png]');
    assert.match(texts[2] ?? '', /^b{10000}\n\[… 10,000 more characters cut/);
    assert.match(texts[3] ?? '', /^\n\[… 5 more characters cut/);
    // Exactly at the cap nothing is cut.
    assert.deepEqual(output({ content: [{ type: 'text', text: 'y'.repeat(60_000) }] }).content, [{ type: 'text', text: 'y'.repeat(60_000) }]);
  });

  it('notes content of a kind it does not know, or that is malformed', () => {
    assert.deepEqual(output({ content: [{ type: 'video' }, { type: 'image', data: png }, { type: 'text' }] }).content, [
      { type: 'text', text: '[video content not shown: Elbow does not read this kind]' },
      { type: 'text', text: '[image content not shown: Elbow does not read this kind]' },
      { type: 'text', text: '[text content not shown: Elbow does not read this kind]' },
    ]);
  });
});
