import assert from 'node:assert/strict';
import { isLocalEndpoint, modelLimits, unknownModelLimits, type ModelLimits } from '../../../../src/core/llm/modelCatalog';

const unknown: ModelLimits = { ...unknownModelLimits, known: false, windowSource: { kind: 'default' } };
const fromTable = { kind: 'table' } as const;
const fromDefault = { kind: 'default' } as const;
const free = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

describe('modelLimits', () => {
  it("knows Elbow's default models with their context windows and prices", () => {
    assert.deepEqual(modelLimits('claude-sonnet-4-6'), {
      contextWindow: 1_000_000,
      maxOutputTokens: 128_000,
      prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
      known: true,
      windowSource: fromTable,
      acceptsImages: true,
    });
    assert.deepEqual(modelLimits('gpt-4.1'), {
      contextWindow: 1_047_576,
      maxOutputTokens: 32_768,
      prices: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 },
      known: true,
      windowSource: fromTable,
      acceptsImages: true,
    });
  });

  it('knows which models take images: the table, then what the server reports; unknown stays unknown', () => {
    assert.equal(modelLimits('deepseek-chat').acceptsImages, false);
    assert.equal(modelLimits('llama3.2').acceptsImages, undefined);
    assert.equal(modelLimits('llama3.2', { server: { server: 'Ollama', contextWindow: 8_192, acceptsImages: true } }).acceptsImages, true);
    assert.equal(modelLimits('my-finetune').acceptsImages, undefined);
  });

  it('gives an unknown model the conservative defaults and no prices', () => {
    assert.deepEqual(modelLimits('my-finetune'), unknown);
    assert.deepEqual(modelLimits(''), unknown);
    assert.deepEqual(unknownModelLimits, { contextWindow: 32_000, maxOutputTokens: 4_096 });
  });

  it('recognises dated snapshots, cloud, router and server spellings of a listed model', () => {
    const spellings: Array<[string, string]> = [
      ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
      ['claude-sonnet-4-5@20250929', 'claude-sonnet-4-5'],
      ['anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5'],
      ['us.anthropic.claude-opus-4-6-v1', 'claude-opus-4-6'],
      ['anthropic/claude-sonnet-4.5', 'claude-sonnet-4-5'],
      ['anthropic/claude-3.7-sonnet:thinking', 'claude-3-7-sonnet'],
      ['claude-3-5-haiku-latest', 'claude-3-5-haiku'],
      ['claude-opus-4-1-20250805', 'claude-opus-4-1'],
      ['  Claude-Haiku-4-5  ', 'claude-haiku-4-5'],
      ['gpt-4o-2024-08-06', 'gpt-4o'],
      ['gpt-4.1-2025-04-14', 'gpt-4.1'],
      ['openai/gpt-4o-mini', 'gpt-4o-mini'],
      ['deepseek/deepseek-chat', 'deepseek-chat'],
      ['qwen2.5-coder:7b', 'qwen2.5-coder'],
      ['hf.co/library/qwen3-coder:30b', 'qwen3-coder'],
    ];
    for (const [spelling, listed] of spellings) {
      const limits = modelLimits(spelling);
      assert.equal(limits.known, true, spelling);
      assert.deepEqual(limits, modelLimits(listed), spelling);
    }
  });

  it('never takes a neighbour whose id merely starts the same', () => {
    assert.equal(modelLimits('gpt-4o-mini').prices?.input, 0.15);
    assert.equal(modelLimits('gpt-4o-mini-2024-07-18').prices?.input, 0.15);
    assert.equal(modelLimits('gpt-5.2').prices?.input, 1.75);
    assert.equal(modelLimits('claude-opus-4-1').prices?.input, 15);
    assert.equal(modelLimits('claude-opus-4-5').prices?.input, 5);
    for (const model of ['gpt-5.3', 'gpt-5.2-codex', 'gpt-5.1-codex-max', 'gpt-5-chat-latest', 'o3-mini', 'claude-opus-4-9', 'claude-sonnet-4-5-custom', 'llama3', 'qwen3-max']) {
      assert.deepEqual(modelLimits(model), unknown, model);
    }
  });

  it('keeps the price of a snapshot that differs from its family', () => {
    assert.equal(modelLimits('gpt-4o-2024-05-13').prices?.input, 5);
    assert.equal(modelLimits('gpt-4o-2024-11-20').prices?.input, 2.5);
  });

  it('does not mistake names of object properties for models', () => {
    assert.deepEqual(modelLimits('constructor'), unknown);
    assert.deepEqual(modelLimits('__proto__'), unknown);
  });

  it('carries long-context rates where the provider charges them', () => {
    assert.deepEqual(modelLimits('claude-haiku-5-5').prices?.longContext, {
      aboveInputTokens: 100_000,
      input: 0.5,
      output: 2.5,
      cacheRead: 0.05,
      cacheWrite: 0.625,
    });
    assert.equal(modelLimits('gpt-6.1-sol').prices?.longContext?.aboveInputTokens, 272_000);
    assert.equal(modelLimits('claude-sonnet-4-6').prices?.longContext, undefined);
  });

  it('lists a model without prices where the current price is not known', () => {
    const limits = modelLimits('deepseek-v4-pro');
    assert.equal(limits.known, true);
    assert.equal(limits.contextWindow, 1_000_000);
    assert.equal(limits.prices, undefined);
  });
});

describe('modelLimits with overrides', () => {
  it('replaces only the fields an override sets', () => {
    const limits = modelLimits('claude-sonnet-4-6', { overrides: { 'claude-sonnet-4-6': { contextWindow: 200_000 } } });
    assert.deepEqual(limits, { ...modelLimits('claude-sonnet-4-6'), contextWindow: 200_000, windowSource: { kind: 'setting' } });
  });

  it('matches an override key exactly, ignoring case, or after the same normalisation', () => {
    const override = { maxOutputTokens: 1_234 };
    assert.equal(modelLimits('My-Model', { overrides: { 'my-model': override } }).maxOutputTokens, 1_234);
    assert.equal(modelLimits('claude-sonnet-4-6', { overrides: { 'anthropic/claude-sonnet-4.6': override } }).maxOutputTokens, 1_234);
    assert.equal(modelLimits('qwen3-coder:30b', { overrides: { 'qwen3-coder': override } }).maxOutputTokens, 1_234);
    assert.equal(modelLimits('qwen3-coder:30b', { overrides: { 'qwen3-max': override } }).maxOutputTokens, 65_536);
  });

  it('prefers the exactly matching key over a normalised one', () => {
    const overrides = { 'qwen3-coder': { contextWindow: 1_000 }, 'QWEN3-CODER:30B': { contextWindow: 2_000 } };
    assert.equal(modelLimits('qwen3-coder:30b', { overrides }).contextWindow, 2_000);
  });

  it('makes an unknown model known, and priced once input and output prices are given', () => {
    assert.deepEqual(modelLimits('my-finetune', { overrides: { 'my-finetune': {} } }), { ...unknownModelLimits, known: true, windowSource: fromDefault });
    assert.deepEqual(modelLimits('my-finetune', { overrides: { 'my-finetune': { contextWindow: 64_000, inputPrice: 1, outputPrice: 4 } } }), {
      contextWindow: 64_000,
      maxOutputTokens: 4_096,
      prices: { input: 1, output: 4, cacheRead: 1, cacheWrite: 1 },
      known: true,
      windowSource: { kind: 'setting' },
    });
    const withCache = modelLimits('my-finetune', { overrides: { 'my-finetune': { inputPrice: 1, outputPrice: 4, cacheReadPrice: 0.1, cacheWritePrice: 1.25 } } });
    assert.deepEqual(withCache.prices, { input: 1, output: 4, cacheRead: 0.1, cacheWrite: 1.25 });
    assert.equal(modelLimits('my-finetune', { overrides: { 'my-finetune': { inputPrice: 1 } } }).prices, undefined);
  });

  it('prices a listed model whose price is not known', () => {
    const limits = modelLimits('gpt-5.6-sol', { overrides: { 'gpt-5.6-sol': { inputPrice: 5, outputPrice: 30, cacheReadPrice: 0.5 } } });
    assert.deepEqual(limits.prices, { input: 5, output: 30, cacheRead: 0.5, cacheWrite: 5 });
    assert.equal(limits.contextWindow, 1_050_000);
  });

  it("replaces single prices and drops the table's long-context tier once a price is overridden", () => {
    const limits = modelLimits('claude-haiku-5-5', { overrides: { 'claude-haiku-5-5': { outputPrice: 0.4 } } });
    assert.deepEqual(limits.prices, { input: 0.1, output: 0.4, cacheRead: 0.01, cacheWrite: 0.125 });
  });

  it('ignores numbers that are not finite or are negative', () => {
    const bad = { contextWindow: Number.NaN, maxOutputTokens: -1, inputPrice: -3, outputPrice: Number.POSITIVE_INFINITY, cacheReadPrice: Number.NaN };
    assert.deepEqual(modelLimits('gpt-4.1', { overrides: { 'gpt-4.1': bad } }), modelLimits('gpt-4.1'));
    assert.deepEqual(modelLimits('my-finetune', { overrides: { 'my-finetune': bad } }), { ...unknownModelLimits, known: true, windowSource: fromDefault });
    assert.equal(modelLimits('gpt-4.1', { overrides: { 'gpt-4.1': { contextWindow: 0 } } }).contextWindow, 1_047_576);
  });
});

describe('modelLimits on a local endpoint', () => {
  it('costs nothing and keeps the context window of a listed model', () => {
    assert.deepEqual(modelLimits('qwen3-coder:30b', { localEndpoint: true }), { contextWindow: 262_144, maxOutputTokens: 65_536, prices: free, known: true, windowSource: fromTable });
    assert.deepEqual(modelLimits('gpt-4.1', { localEndpoint: true }).prices, free);
  });

  it('costs nothing for an unknown model, which keeps the defaults', () => {
    assert.deepEqual(modelLimits('my-gguf', { localEndpoint: true }), { ...unknownModelLimits, prices: free, known: false, windowSource: fromDefault });
  });

  it('lets a setting price a local proxy that forwards to a paid API', () => {
    const limits = modelLimits('gpt-4.1', { localEndpoint: true, overrides: { 'gpt-4.1': { inputPrice: 2, outputPrice: 8 } } });
    assert.deepEqual(limits.prices, { input: 2, output: 8, cacheRead: 0, cacheWrite: 0 });
  });
});

describe('isLocalEndpoint', () => {
  it('recognises addresses of this machine', () => {
    for (const url of ['http://localhost:11434/v1', 'http://127.0.0.1:8000', 'http://127.1.2.3/v1', 'http://[::1]:1234/v1', 'http://0.0.0.0:8080', 'HTTP://LocalHost', 'localhost:1234/v1', 'http://ollama.localhost/v1']) {
      assert.equal(isLocalEndpoint(url), true, url);
    }
  });

  it('rejects remote, missing and malformed URLs', () => {
    for (const url of [undefined, '', '   ', 'https://api.openai.com/v1', 'https://api.deepseek.com', 'http://192.168.1.20:11434', 'http://localhost.example.com', 'http://127.0.0.1.nip.io', 'http://[::2]:80', 'not a url']) {
      assert.equal(isLocalEndpoint(url), false, String(url));
    }
  });
});
