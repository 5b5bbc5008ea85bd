import assert from 'node:assert/strict';
import { compactedHistory, isCompactedHistory, summaryInstruction, userRequests, type CompactedHistoryParts } from '../../../../src/core/context/conversationSummary';
import { userText, type Message, type UserMessage } from '../../../../src/core/llm/messages';
import { assistantText } from '../../../support/messageBuilders';

function textsOf(messages: readonly Message[]): string[] {
  assert.equal(messages.length, 1);
  const [message] = messages;
  assert.equal(message?.role, 'user');
  return message.role === 'user' ? message.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mediaType}]`)) : [];
}

function firstUser(messages: readonly Message[]): UserMessage {
  const [message] = messages;
  assert.ok(message?.role === 'user');
  return message;
}

const parts: CompactedHistoryParts = {
  summary: '\n## Goal\nFix the parser.\n',
  originalRequest: 'Fix the parser in src/parse.ts.\n\nIt fails on empty input.',
  latestRequest: 'Also add a test.',
  touchedFiles: [{ path: 'src/parse.ts', action: 'edited' }, { path: 'test/parse.test.ts', action: 'read' }],
  archive: '/tmp/transcripts/conv-1.jsonl',
};

describe('summaryInstruction', () => {
  it('asks for the summary in fixed sections, without tools', () => {
    const instruction = summaryInstruction(undefined);
    assert.match(instruction, /^Your context window is filling up/);
    assert.match(instruction, /Do not call any tools/);
    const headings = instruction.split('\n').filter((line) => line.startsWith('## '));
    assert.deepEqual(headings, ['## Goal', '## Constraints and preferences', '## Decisions and findings', '## Files', '## Work done', '## Remaining work']);
    assert.doesNotMatch(instruction, /Give most room to/);
    assert.equal(summaryInstruction('   '), instruction);
  });

  it('names the focus the user or the model asked for', () => {
    const instruction = summaryInstruction('  the failing tests ');
    assert.ok(instruction.includes('\nGive most room to: the failing tests\n'), instruction);
    assert.equal(instruction.replace('\nGive most room to: the failing tests\n', ''), summaryInstruction(undefined));
  });
});

describe('compactedHistory', () => {
  it('is one user message: the original request verbatim as its own block, then the summary, the files, the latest request and the archive', () => {
    assert.deepEqual(textsOf(compactedHistory(parts)), [
      "The user's original request, verbatim:\n\nFix the parser in src/parse.ts.\n\nIt fails on empty input.",
      [
        '[This conversation was compacted: earlier messages were replaced by the summary below.]',
        '## Goal\nFix the parser.',
        '## Recently touched files\n- src/parse.ts (edited)\n- test/parse.test.ts (read)',
        "## The user's latest message, verbatim\n\nAlso add a test.",
        'Continue the work from here: files may have changed since you read them, so read them again before editing. The full earlier transcript is archived at /tmp/transcripts/conv-1.jsonl.',
      ].join('\n\n'),
    ]);
  });

  it('leaves out what it does not have', () => {
    assert.deepEqual(textsOf(compactedHistory({ summary: 'S', originalRequest: undefined, latestRequest: undefined, touchedFiles: [], archive: undefined })), [
      '[This conversation was compacted: earlier messages were replaced by the summary below.]\n\nS\n\nContinue the work from here: files may have changed since you read them, so read them again before editing.',
    ]);
  });

  it('cuts a very long request, saying how much is left out', () => {
    const request = `${'a'.repeat(8_000)}${'b'.repeat(12_345)}`;
    const [original, rest] = textsOf(compactedHistory({ ...parts, originalRequest: request, latestRequest: `${'c'.repeat(8_000)}d` }));
    assert.equal(original, `The user's original request, verbatim:\n\n${'a'.repeat(8_000)}\n[… 12,345 more characters of this message are in the archived transcript]`);
    assert.ok(rest?.includes(`verbatim\n\n${'c'.repeat(8_000)}\n[… 1 more characters of this message are in the archived transcript]\n\nContinue`));
    assert.equal(textsOf(compactedHistory({ ...parts, originalRequest: 'x'.repeat(8_000) }))[0], `The user's original request, verbatim:\n\n${'x'.repeat(8_000)}`);
  });

  it('does not cut inside a character made of two UTF-16 units', () => {
    const [original] = textsOf(compactedHistory({ ...parts, originalRequest: `${'a'.repeat(7_999)}😀${'b'.repeat(100)}` }));
    assert.doesNotMatch(original ?? '', /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    assert.ok(original?.endsWith(`${'a'.repeat(7_999)}\n[… 102 more characters of this message are in the archived transcript]`), original?.slice(-120));
  });
});

describe('userRequests', () => {
  it('finds the first and the latest user message of a fresh conversation', () => {
    const messages: Message[] = [userText('  fix the parser  '), assistantText('Done.'), userText('now the tests'), assistantText('Done.'), userText('and the docs'), assistantText('Done.')];
    assert.deepEqual(userRequests(messages), { original: 'fix the parser', latest: 'and the docs' });
  });

  it('gives no latest request when it is the original one', () => {
    assert.deepEqual(userRequests([userText('fix it'), assistantText('Done.')]), { original: 'fix it', latest: undefined });
    assert.deepEqual(userRequests([userText('again'), assistantText('Done.'), userText('again')]), { original: 'again', latest: undefined });
    assert.deepEqual(userRequests([]), { original: undefined, latest: undefined });
  });

  it('names images in the user text', () => {
    const withImage: Message = { role: 'user', content: [{ type: 'text', text: 'what is this?' }, { type: 'image', mediaType: 'image/png', data: 'AAAA' }] };
    assert.deepEqual(userRequests([withImage]), { original: 'what is this?\n[image image/png]', latest: undefined });
  });

  it('finds the original request again in a conversation compacted before, and the latest message after it', () => {
    const messages: Message[] = [...compactedHistory(parts), assistantText('Continuing.'), userText('one more thing'), assistantText('Ok.')];
    assert.deepEqual(userRequests(messages), { original: parts.originalRequest, latest: 'one more thing' });
  });

  it('keeps the latest request of the previous compaction when the user has not written since', () => {
    const messages: Message[] = [...compactedHistory(parts), assistantText('Continuing.')];
    assert.deepEqual(userRequests(messages), { original: parts.originalRequest, latest: parts.latestRequest });
    const requests = userRequests(messages);
    const again = compactedHistory({ ...parts, originalRequest: requests.original, latestRequest: requests.latest });
    assert.deepEqual(again, compactedHistory(parts));
  });

  it('has no original request after a compaction that had none', () => {
    const messages: Message[] = [...compactedHistory({ ...parts, originalRequest: undefined, latestRequest: undefined }), assistantText('Continuing.'), userText('next')];
    assert.deepEqual(userRequests(messages), { original: undefined, latest: 'next' });
  });

  it('keeps a cut request as it was cut, compaction after compaction', () => {
    const long = `${'a'.repeat(8_000)}${'b'.repeat(12_345)}`;
    const once = compactedHistory({ ...parts, originalRequest: long, latestRequest: `${'c'.repeat(9_000)}` });
    const requests = userRequests([...once, assistantText('Continuing.')]);
    const twice = compactedHistory({ ...parts, originalRequest: requests.original, latestRequest: requests.latest });
    assert.deepEqual(twice, once);
  });
});

describe('isCompactedHistory', () => {
  it('tells the summary a compaction left from a user message', () => {
    assert.equal(isCompactedHistory(firstUser(compactedHistory(parts))), true);
    assert.equal(isCompactedHistory(firstUser(compactedHistory({ ...parts, originalRequest: undefined }))), true);
    assert.equal(isCompactedHistory(userText('fix it')), false);
    assert.equal(isCompactedHistory(userText(`Why does it say "[This conversation was compacted: earlier messages were replaced by the summary below.]"?`)), false);
    assert.equal(isCompactedHistory({ role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] }), false);
  });
});
