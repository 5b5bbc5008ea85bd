import assert from 'node:assert/strict';
import {
  attachmentLabel,
  compactionTitle,
  contextLabel,
  contextTooltip,
  contextLevel,
  contextText,
  costText,
  formatTokenCount,
  lineCountsLabel,
  plural,
  relativeTime,
  retryWaitText,
  usageText,
  usageTooltip,
} from '../../../src/webview/format';
import { PromptHistory } from '../../../src/webview/promptHistory';
import { createNonce, webviewHtml } from '../../../src/vscode/chat/webviewHtml';

describe('webview: text formatting', () => {
  it('shortens token counts', () => {
    assert.deepEqual([0, 999, 1_000, 1_234, 12_345, 99_960, 123_456, 999_499, 999_500, 1_500_000].map(formatTokenCount), ['0', '999', '1k', '1.2k', '12.3k', '100k', '123k', '999k', '1M', '1.5M']);
  });

  it('shows usage as `in · out · cost`, with every count and the cost in the tooltip, and nothing before the first request', () => {
    const usage = { inputTokens: 12_345, outputTokens: 1_234, cacheReadTokens: 8_000, cacheWriteTokens: 12 };
    assert.equal(usageText(usage, 0.0412), '12.3k in · 1.2k out · $0.04');
    assert.equal(usageText(usage, null), '12.3k in · 1.2k out · cost unknown');
    assert.equal(usageTooltip(usage, 0.0412), 'Input: 12,345 tokens\nOutput: 1,234 tokens\nCache read: 8,000 tokens\nCache write: 12 tokens\nCost: $0.04');
    assert.match(usageTooltip(usage, null), /\nCost: unknown \(no price for this model; set one in elbow\.models\)$/);
    assert.equal(usageText({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, 0), '');
  });

  it('shows a cost in dollars and cents, as the terminal does, and says when it is unknown', () => {
    assert.deepEqual([0, 0.0001, 0.004, 0.01, 0.04, 1.5, 123.456].map(costText), ['$0.00', '<$0.01', '<$0.01', '$0.01', '$0.04', '$1.50', '$123.46']);
    assert.equal(costText(null), 'cost unknown');
  });

  it('shows how full the context window is, warning from 75 % and critical from 90 %', () => {
    const gauge = (usedTokens: number) => ({ usedTokens, windowTokens: 200_000 });
    assert.equal(contextText(gauge(42_000)), '42k / 200k');
    assert.equal(contextLabel(gauge(42_000)), 'Context: 42,000 of 200,000 tokens (21%)');
    assert.deepEqual([0, 149_999, 150_000, 179_999, 180_000, 250_000].map((used) => contextLevel(gauge(used))), ['normal', 'normal', 'warning', 'warning', 'critical', 'critical']);
    assert.equal(contextLabel(gauge(250_000)), 'Context: 250,000 of 200,000 tokens (125%)', 'an estimate may overshoot');
    assert.equal(contextLevel({ usedTokens: 10, windowTokens: 0 }), 'normal');
  });

  it('says in the meter\'s tooltip where the window\'s size came from', () => {
    const gauge = { usedTokens: 2_000, windowTokens: 8_192, windowSource: 'Ollama (loaded with 8,192 tokens)' };
    assert.equal(contextTooltip(gauge), 'Context: 2,000 of 8,192 tokens (24%)\nWindow size from Ollama (loaded with 8,192 tokens)');
    assert.equal(contextTooltip({ usedTokens: 2_000, windowTokens: 8_192 }), 'Context: 2,000 of 8,192 tokens (24%)');
  });

  it('words a compaction marker in each state', () => {
    const base = { kind: 'compaction', id: 'k', beforeTokens: 48_000 } as const;
    assert.equal(compactionTitle({ ...base, layer: 2, state: 'running' }), 'Summarising earlier messages…');
    assert.equal(compactionTitle({ ...base, layer: 2, state: 'done', afterTokens: 3_000, summary: 'x' }), 'Earlier messages summarised — 48k → 3k tokens');
    assert.equal(compactionTitle({ ...base, layer: 2, state: 'failed', message: 'Overloaded (529)' }), 'Could not summarise earlier messages: Overloaded (529)');
    assert.equal(compactionTitle({ ...base, layer: 2, state: 'failed' }), 'Could not summarise earlier messages.');
    assert.equal(
      compactionTitle({ ...base, layer: 1, state: 'done', beforeTokens: 60_000, afterTokens: 35_000, shortenedResults: 12 }),
      'Older tool results shortened — 60k → 35k tokens (12 results)',
    );
    assert.equal(compactionTitle({ ...base, layer: 1, state: 'done', afterTokens: 35_000, shortenedResults: 1 }), 'Older tool results shortened — 48k → 35k tokens (1 result)');
    assert.equal(compactionTitle({ ...base, layer: 1, state: 'done' }), 'Older tool results shortened — 48k tokens');
    assert.equal(
      compactionTitle({ ...base, layer: 1, state: 'done', afterTokens: 22_000, shortenedResults: 3, newest: true }),
      'Newest tool results cut to fit the window — 48k → 22k tokens (3 results)',
    );
  });

  it('counts files and lines in words', () => {
    assert.deepEqual([0, 1, 2].map((count) => plural(count, 'file')), ['0 files', '1 file', '2 files']);
    assert.equal(lineCountsLabel(12, 1), '12 lines added, 1 line removed');
  });

  it('labels attachments by path, and selections by their lines', () => {
    assert.equal(attachmentLabel({ id: '1', kind: 'file', path: 'src/app.ts' }), 'src/app.ts');
    assert.equal(attachmentLabel({ id: '2', kind: 'selection', path: 'src/app.ts', startLine: 12, endLine: 20 }), 'src/app.ts:12-20');
    assert.equal(attachmentLabel({ id: '3', kind: 'selection', path: 'src/app.ts', startLine: 7, endLine: 7 }), 'src/app.ts:7');
  });

  it('dates conversations relative to now, then by calendar date', () => {
    const now = Date.UTC(2025, 5, 15, 12);
    const minute = 60_000;
    assert.equal(relativeTime(now - 10_000, now, 'en'), 'just now');
    assert.equal(relativeTime(now - 5 * minute, now, 'en'), '5 minutes ago');
    assert.equal(relativeTime(now - 3 * 60 * minute, now, 'en'), '3 hours ago');
    assert.equal(relativeTime(now - 24 * 60 * minute, now, 'en'), 'yesterday');
    assert.match(relativeTime(now - 30 * 24 * 60 * minute, now, 'en'), /May 1[56], 2025/);
  });

  it('words a retry wait', () => {
    assert.equal(retryWaitText('Rate limited', 4, 1, 5), 'Rate limited, retrying in 4 s (attempt 1 of 5)');
    assert.equal(retryWaitText('Server overloaded.', 0, 2, 5), 'Server overloaded, retrying now (attempt 2 of 5)');
  });
});

describe('webview: prompt history', () => {
  it('walks back through sent prompts and returns to the draft', () => {
    const history = new PromptHistory(['one', 'two']);
    assert.equal(history.previous('draft'), 'two');
    assert.equal(history.previous('two'), 'one');
    assert.equal(history.previous('one'), undefined, 'nothing older');
    assert.equal(history.next(), 'two');
    assert.equal(history.next(), 'draft');
    assert.equal(history.next(), undefined, 'not browsing any more');
  });

  it('skips an immediate repeat, caps its length and starts over after a send', () => {
    const history = new PromptHistory([], 3);
    for (const prompt of ['a', 'b', 'b', 'c', 'd']) history.add(prompt);
    assert.deepEqual(history.entries, ['b', 'c', 'd']);
    assert.equal(history.previous(''), 'd');
    history.add('e');
    assert.ok(!history.browsing);
    assert.equal(history.previous(''), 'e');
  });

  it('does not keep huge pastes', () => {
    const history = new PromptHistory([]);
    history.add('x'.repeat(50_000));
    assert.deepEqual(history.entries, []);
  });

  it('has nothing to recall when empty', () => {
    assert.equal(new PromptHistory([]).previous('text'), undefined);
  });
});

describe('webview: page HTML', () => {
  const html = webviewHtml({ cspSource: 'vscode-resource:', nonce: 'abc123', scriptUri: 'https://x/chat.js', styleUri: 'https://x/chat.css', codiconsUri: 'https://x/codicon.css' });

  it('carries a strict CSP that admits only the nonce script and the webview own resources', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    assert.equal(csp, "default-src 'none'; img-src vscode-resource: https: data:; style-src vscode-resource:; font-src vscode-resource:; script-src 'nonce-abc123'");
    assert.match(html, /<script nonce="abc123" src="https:\/\/x\/chat.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="https:\/\/x\/codicon.css">\s*<link rel="stylesheet" href="https:\/\/x\/chat.css">/);
    assert.doesNotMatch(html, /style=|<style/);
  });

  it('escapes the values it puts in attributes', () => {
    assert.match(webviewHtml({ cspSource: 'a', nonce: 'n', scriptUri: '"><script>', styleUri: 's', codiconsUri: 'c' }), /src="&quot;&gt;&lt;script&gt;"/);
  });

  it('makes a fresh 32-character alphanumeric nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9]{32}$/);
  });
});
