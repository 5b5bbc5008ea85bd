import assert from 'node:assert/strict';
import { parseReasoningEffort } from '../../../../src/core/llm/reasoningEffort';

describe('parseReasoningEffort', () => {
  it('reads the levels of the setting and the flag, trimmed and in any case', () => {
    assert.equal(parseReasoningEffort('default'), 'default');
    assert.equal(parseReasoningEffort(' Medium '), 'medium');
    assert.equal(parseReasoningEffort('off'), 'off');
  });

  it('gives undefined for anything else, including values of the wrong type from a settings file', () => {
    for (const value of ['', 'max', 'none', 'xhigh', 3, null, undefined, { level: 'high' }]) assert.equal(parseReasoningEffort(value), undefined, String(value));
  });
});
