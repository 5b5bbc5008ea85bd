import assert from 'node:assert/strict';
import { modelReasoning } from '../../../../src/core/llm/modelCatalog';
import { modelTable, reasoningModelIds } from '../../../../src/core/llm/modelTable';
import { reasoningEffortSettings } from '../../../../src/core/llm/reasoningEffort';

const efforts = reasoningEffortSettings.filter((setting) => setting !== 'default');

describe('the built-in model table', () => {
  const entries = Object.entries(modelTable);

  it('lists models', () => {
    assert.ok(entries.length > 40, `only ${entries.length} models`);
  });

  for (const [id, facts] of entries) {
    it(`${id} has a window and an output limit that fits in it`, () => {
      assert.ok(Number.isInteger(facts.contextWindow) && facts.contextWindow > 0, `window ${facts.contextWindow}`);
      assert.ok(Number.isInteger(facts.maxOutputTokens) && facts.maxOutputTokens > 0, `output limit ${facts.maxOutputTokens}`);
      assert.ok(facts.maxOutputTokens <= facts.contextWindow, `output limit ${facts.maxOutputTokens} over window ${facts.contextWindow}`);
    });
  }

  it('keys every model by the lower-case id the lookup normalises to', () => {
    for (const [id] of entries) assert.equal(id, id.trim().toLowerCase(), id);
  });

  it('gives thinking controls only to models the table lists, so a misspelt id cannot go unnoticed', () => {
    const missing = reasoningModelIds.filter((id) => !Object.hasOwn(modelTable, id));
    assert.deepEqual(missing, []);
    for (const id of reasoningModelIds) assert.ok(modelTable[id]?.reasoning, id);
  });

  it('records each thinking model’s own default as one of the levels; only OpenAI effort models may leave it undocumented', () => {
    for (const id of reasoningModelIds) {
      const reasoning = modelTable[id]?.reasoning;
      assert.ok(reasoning, id);
      const { defaultEffort } = reasoning;
      if (defaultEffort === undefined) assert.equal(reasoning.control, 'openaiEffort', `${id} has no default`);
      else assert.ok(efforts.includes(defaultEffort), `${id}: ${defaultEffort}`);
    }
    const documented = reasoningModelIds.filter((id) => modelTable[id]?.reasoning?.defaultEffort !== undefined);
    assert.ok(documented.length > reasoningModelIds.length / 2, `${documented.length} of ${reasoningModelIds.length} have a documented default`);
  });

  it('knows how each family thinks, in the spellings routers and snapshots use', () => {
    assert.equal(modelReasoning('claude-sonnet-4-5-20250929')?.control, 'anthropicBudget');
    assert.equal(modelReasoning('anthropic/claude-sonnet-4.6')?.control, 'anthropicAdaptive');
    assert.equal(modelReasoning('openai/gpt-5')?.control, 'openaiEffort');
    assert.equal(modelReasoning('o4-mini-2025-04-16')?.control, 'openaiEffort');
    assert.equal(modelReasoning('deepseek-v4-pro')?.control, 'deepseekThinking');
    assert.equal(modelReasoning('gpt-4.1'), undefined);
    assert.equal(modelReasoning('claude-3-5-haiku-latest'), undefined);
    assert.equal(modelReasoning('qwen2.5-coder:14b'), undefined);
    assert.equal(modelReasoning('some-model-nobody-knows'), undefined);
  });
});
