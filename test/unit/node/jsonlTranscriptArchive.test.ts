import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { userText, type Message } from '../../../src/core/llm/messages';
import { JsonlTranscriptArchive } from '../../../src/node/jsonlTranscriptArchive';

const messages: Message[] = [
  userText('read a.ts\nand "fix" it'),
  {
    role: 'assistant',
    content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'Reading.' }, { type: 'tool_call', id: 'c1', name: 'read_file', arguments: '{"path":"a.ts"}' }],
    stopReason: 'tool_use',
    provider: 'anthropic',
    model: 'claude',
    usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
  },
  { role: 'tool', results: [{ type: 'tool_result', toolCallId: 'c1', toolName: 'read_file', content: [{ type: 'text', text: 'line 1\nline 2 — ✓ 😀' }, { type: 'image', mediaType: 'image/png', data: 'AAAA' }], isError: false }] },
];

const at = new Date('2025-03-04T05:06:07.089Z');

describe('JsonlTranscriptArchive', () => {
  let base: string;
  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-archive-'));
  });
  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('writes a header line and one JSON line per message, creating the folder, and returns the file', async () => {
    const folder = path.join(base, 'nested', 'transcripts');
    const file = await new JsonlTranscriptArchive(folder, 'conv-1', () => at).save(messages);
    assert.equal(file, path.join(folder, 'conv-1-2025-03-04T05-06-07-089Z.jsonl'));
    const text = await fs.readFile(file, 'utf8');
    assert.ok(text.endsWith('}\n'));
    const lines = text.slice(0, -1).split('\n');
    assert.equal(lines.length, 1 + messages.length);
    const [header, ...rest] = lines.map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(header, { type: 'elbow-transcript', version: 1, conversation: 'conv-1', archivedAt: '2025-03-04T05:06:07.089Z', messages: 3 });
    assert.deepEqual(rest, messages);
  });

  it('makes a safe file name from the conversation id', async () => {
    const saved = async (conversation: string) => path.basename(await new JsonlTranscriptArchive(base, conversation, () => at).save(messages));
    assert.equal(await saved('../../etc/pass wd:1'), '______etc_pass_wd_1-2025-03-04T05-06-07-089Z.jsonl');
    assert.equal(await saved(''), 'conversation-2025-03-04T05-06-07-089Z.jsonl');
    assert.equal(await saved('x'.repeat(100)), `${'x'.repeat(64)}-2025-03-04T05-06-07-089Z.jsonl`);
    assert.deepEqual((await fs.readdir(base)).sort(), [
      '______etc_pass_wd_1-2025-03-04T05-06-07-089Z.jsonl',
      'conversation-2025-03-04T05-06-07-089Z.jsonl',
      `${'x'.repeat(64)}-2025-03-04T05-06-07-089Z.jsonl`,
    ]);
  });

  it('keeps each archive of a conversation in its own file', async () => {
    let now = at;
    const archive = new JsonlTranscriptArchive(base, 'conv-1', () => now);
    const first = await archive.save(messages);
    now = new Date(at.getTime() + 60_000);
    const second = await archive.save(messages.slice(0, 1));
    assert.notEqual(first, second);
    assert.equal((await fs.readFile(first, 'utf8')).trim().split('\n').length, 4);
    assert.equal((await fs.readFile(second, 'utf8')).trim().split('\n').length, 2);
  });

  it('writes just the header for an empty history', async () => {
    const file = await new JsonlTranscriptArchive(base, 'empty', () => at).save([]);
    assert.deepEqual(JSON.parse(await fs.readFile(file, 'utf8')), { type: 'elbow-transcript', version: 1, conversation: 'empty', archivedAt: '2025-03-04T05:06:07.089Z', messages: 0 });
  });
});
