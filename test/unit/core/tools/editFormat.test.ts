import assert from 'node:assert/strict';
import { editFormatFor, offersTool, parseEditFormat } from '../../../../src/core/tools/editFormat';

describe('the edit format a model gets', () => {
  it('is apply_patch for the models the table says were trained on it: GPT-4.1 and later, GPT-5, o-series and codex', () => {
    for (const model of ['gpt-5', 'gpt-5.1', 'gpt-5-mini', 'gpt-4.1', 'gpt-4.1-mini-2025-04-14', 'o3', 'o4-mini', 'gpt-5-codex', 'openai/gpt-5.4', 'gpt-6-sol']) {
      assert.equal(editFormatFor(model, 'auto'), 'apply_patch', model);
    }
  });

  it('is edit_file for Claude, DeepSeek, Qwen, GPT-4o and models the table does not know', () => {
    for (const model of ['claude-sonnet-4-5', 'anthropic/claude-opus-4.1', 'deepseek-v4-pro', 'deepseek-chat', 'qwen3-coder:30b', 'Qwen/Qwen3-14B', 'gpt-4o', 'gpt-4o-mini', 'gpt-oss-20b', 'my-model']) {
      assert.equal(editFormatFor(model, 'auto'), 'edit_file', model);
    }
  });

  it('follows the setting over the table, both ways; unset is auto', () => {
    assert.equal(editFormatFor('gpt-5', 'edit_file'), 'edit_file');
    assert.equal(editFormatFor('claude-sonnet-4-5', 'apply_patch'), 'apply_patch');
    assert.equal(editFormatFor('gpt-5', undefined), 'apply_patch');
    assert.equal(editFormatFor('claude-sonnet-4-5', undefined), 'edit_file');
  });

  it('offers one of the two edit tools and every other tool', () => {
    assert.deepEqual(['edit_file', 'apply_patch', 'write_file'].filter((name) => offersTool('apply_patch', name)), ['apply_patch', 'write_file']);
    assert.deepEqual(['edit_file', 'apply_patch', 'write_file'].filter((name) => offersTool('edit_file', name)), ['edit_file', 'write_file']);
  });

  it('reads the setting\'s words, whatever their case, and nothing else', () => {
    assert.equal(parseEditFormat(' Apply_Patch '), 'apply_patch');
    assert.equal(parseEditFormat('auto'), 'auto');
    assert.equal(parseEditFormat('diff'), undefined);
    assert.equal(parseEditFormat(3), undefined);
  });
});
