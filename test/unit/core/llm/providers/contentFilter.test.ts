import assert from 'node:assert/strict';
import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import { classifyError } from '../../../../../src/core/llm/providers/classifyError';
import { firedFilters } from '../../../../../src/core/llm/providers/contentFilter';

/** A clipboard write, a title change and a screen clear, as a server could put them in a filter's name. */
const escapes = '\x1b]52;c;cHduZWQ=\x07\x1b]0;PWNED\x07\x1b[2J';

/** `filter_a`, `filter_b`, … `filter_aa`: names of the shape Azure uses. */
function filterName(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(97 + ((rest - 1) % 26)) + letters;
  return `filter_${letters}`;
}

function manyFired(count: number, name: (index: number) => string, severity = 'high'): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [name(index), { filtered: true, severity }]));
}

describe('content filter details', () => {
  it('names at most five fired filters, then how many more', () => {
    const detail = firedFilters(manyFired(3_000, filterName));
    assert.ok(detail !== undefined);
    assert.ok(detail.length < 500, `${detail.length} characters`);
    assert.match(detail, /^Azure's filter_a filter \(filter_a, severity high\), .*filter_e, severity high\) and 2,995 more$/);
  });

  it('shows no filter name or severity outside the shape Azure uses', () => {
    const detail = firedFilters({ [`hate${escapes}`]: { filtered: true, severity: 'high' }, violence: { filtered: true, severity: `high${escapes}` }, ['x'.repeat(41)]: { filtered: true } });
    assert.equal(detail, "Azure's violence filter (violence) and 2 more");
  });

  it('says only that the filter fired when no name is of that shape', () => {
    assert.equal(firedFilters(manyFired(3, (index) => `k${index}${escapes}`)), "Azure's content filter (3 filters)");
  });

  it('keeps a 400 content_filter answer with 3,000 filters short', () => {
    const body = { error: { code: 'content_filter', message: 'The response was filtered.', innererror: { content_filter_result: manyFired(3_000, (index) => `k${index}${escapes}`, `high${escapes}`) } } };
    const error = classifyError(OpenAISdk.APIError.generate(400, body, undefined, new Headers()), { outputStarted: false, sdks: [OpenAISdk, AnthropicSdk] });
    assert.equal(error.kind, 'refusal');
    assert.ok(error.message.length < 2_500, `${error.message.length} characters`);
    assert.ok(!error.message.includes('\x1b'));
  });
});
