import assert from 'node:assert/strict';
import { modelLimits, unknownModelLimits, type ServerModelFacts } from '../../../../src/core/llm/modelCatalog';
import { windowSourceText } from '../../../../src/core/llm/windowSourceText';

const ollama: ServerModelFacts = { server: 'Ollama', contextWindow: 8_192, detail: 'loaded with 8,192 tokens' };

describe('where the window comes from', () => {
  it('the user\'s setting comes before the server', () => {
    const limits = modelLimits('qwen3', { overrides: { qwen3: { contextWindow: 65_536 } }, server: ollama });
    assert.equal(limits.contextWindow, 65_536);
    assert.deepEqual(limits.windowSource, { kind: 'setting' });
    assert.equal(windowSourceText(limits.windowSource, 'elbow.models'), 'your elbow.models setting');
  });

  it('the server comes before the built-in table', () => {
    const limits = modelLimits('qwen3', { server: ollama, localEndpoint: true });
    assert.equal(limits.contextWindow, 8_192, 'not the table\'s 40,960');
    assert.deepEqual(limits.windowSource, { kind: 'server', server: 'Ollama', detail: 'loaded with 8,192 tokens' });
    assert.equal(windowSourceText(limits.windowSource, 'elbow.models'), 'Ollama (loaded with 8,192 tokens)');
    assert.deepEqual(limits.prices, { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, 'a local server still costs nothing');
  });

  it('the built-in table comes before the default', () => {
    const limits = modelLimits('qwen3');
    assert.equal(limits.contextWindow, 40_960);
    assert.deepEqual(limits.windowSource, { kind: 'table' });
    assert.equal(windowSourceText(limits.windowSource, 'ELBOW_MODELS'), 'Elbow\'s built-in model table');
  });

  it('an unknown model the server does not describe gets the cautious default, and says so', () => {
    const limits = modelLimits('my-finetune');
    assert.equal(limits.contextWindow, unknownModelLimits.contextWindow);
    assert.equal(limits.known, false);
    assert.match(windowSourceText(limits.windowSource, 'ELBOW_MODELS') ?? '', /cautious default .* ELBOW_MODELS/);
  });

  it('a model the server describes is known, with its output limit and prices', () => {
    const server: ServerModelFacts = { server: 'OpenRouter', contextWindow: 262_144, maxOutputTokens: 32_768, prices: { input: 0.2, output: 0.8, cacheRead: 0.2, cacheWrite: 0.2 } };
    const limits = modelLimits('someone/new-model', { server });
    assert.equal(limits.known, true);
    assert.equal(limits.maxOutputTokens, 32_768);
    assert.deepEqual(limits.prices, server.prices);
    const overridden = modelLimits('someone/new-model', { server, overrides: { 'someone/new-model': { outputPrice: 1 } } });
    assert.equal(overridden.prices?.output, 1, 'the user\'s price still wins');
    assert.equal(overridden.prices?.input, 0.2);
  });

  it('a server\'s price comes before the table\'s', () => {
    const limits = modelLimits('anthropic/claude-sonnet-4', { server: { server: 'OpenRouter', contextWindow: 200_000, prices: { input: 3.3, output: 16.5, cacheRead: 0.33, cacheWrite: 4.125 } } });
    assert.equal(limits.prices?.input, 3.3);
  });

  it('a server that gives only a ceiling lowers the window under it and leaves a smaller one alone', () => {
    const ceiling = (maxContextWindow: number): ServerModelFacts => ({ server: 'LM Studio', maxContextWindow });
    assert.equal(modelLimits('qwen3', { server: ceiling(16_384) }).contextWindow, 16_384);
    const roomy = modelLimits('qwen3', { server: ceiling(131_072) });
    assert.equal(roomy.contextWindow, 40_960);
    assert.deepEqual(roomy.windowSource, { kind: 'table' });
  });
});
