import assert from 'node:assert/strict';
import { modelLimits } from '../../../../../src/core/llm/modelCatalog';
import type { FetchFunction } from '../../../../../src/core/llm/modelInfo/modelInfoProbe';
import { ServerModelProbe } from '../../../../../src/core/llm/modelInfo/serverModelProbe';
import { fakeModelServersPerTest, ok, ollamaRoutes, type Routes } from './fakeModelServers';
import { settlesWithin } from '../../../../support/settlesWithin';
import {
  llamaCppModels, llamaCppProps, lmStudioLoaded, lmStudioNotLoaded, ollamaRunning, ollamaShowWithNumCtx, ollamaShowWithoutNumCtx,
  openRouterModels, vllmModels,
} from './serverModelInfoFixtures';

describe('ServerModelProbe', () => {
  const start = fakeModelServersPerTest();

  describe('Ollama', () => {
    it('takes the window a loaded model runs with from /api/ps over its num_ctx', async () => {
      const server = await start(ollamaRoutes({ gemma4: ollamaShowWithNumCtx }, ollamaRunning));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'gemma4' });
      assert.equal(facts?.server, 'Ollama');
      assert.equal(facts?.contextWindow, 4_096);
      assert.match(facts?.detail ?? '', /loaded with 4,096 tokens/);
      assert.ok(server.requests.includes('POST /api/show'), 'asks /api/show by POST, the only method Ollama accepts');
    });

    it('takes num_ctx from the model parameters when the model is not loaded', async () => {
      const server = await start(ollamaRoutes({ gemma4: ollamaShowWithNumCtx }));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1/`, model: 'gemma4' });
      assert.equal(facts?.contextWindow, 2_048, 'not the 131,072 of model_info, which Ollama does not run with');
      assert.match(facts?.detail ?? '', /num_ctx/);
    });

    it('assumes Ollama\'s default window, not the model\'s trained length, when nothing sets num_ctx', async () => {
      const server = await start(ollamaRoutes({ 'llama3.2': ollamaShowWithoutNumCtx }));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'llama3.2' });
      assert.equal(facts?.contextWindow, 4_096);
      assert.match(facts?.detail ?? '', /default/);
    });

    it('matches a loaded model listed with its :latest tag', async () => {
      const running = { models: [{ ...ollamaRunning.models[0], name: 'llama3.2:latest', model: 'llama3.2:latest', context_length: 32_768 }] };
      const server = await start(ollamaRoutes({ 'llama3.2': ollamaShowWithoutNumCtx }, running));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'llama3.2' });
      assert.equal(facts?.contextWindow, 32_768);
    });

    it('gives a cloud model its full length, as Ollama runs cloud models', async () => {
      // remote_model and remote_host: the fields ollama/ollama api/types.go ShowResponse (at fb30760996871fa9460115c753afd2c60d4ab0f7) gives a cloud model.
      const cloud = { ...ollamaShowWithoutNumCtx, remote_model: 'gpt-oss:120b', remote_host: 'https://ollama.com:443' };
      const server = await start(ollamaRoutes({ 'gpt-oss:120b-cloud': cloud }));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'gpt-oss:120b-cloud' });
      assert.equal(facts?.contextWindow, 8_192);
      assert.match(facts?.detail ?? '', /cloud/);
    });

    it('says nothing for a model Ollama does not have', async () => {
      const server = await start(ollamaRoutes({ gemma4: ollamaShowWithNumCtx }));
      const lines: string[] = [];
      const facts = await new ServerModelProbe({ log: (line) => lines.push(line) }).lookUp({ baseUrl: `${server.url}/v1`, model: 'qwen3-coder:30b' });
      assert.equal(facts, undefined);
      assert.equal(lines.length, 1);
      assert.match(lines[0] ?? '', /Could not read the context window of qwen3-coder:30b/);
    });
  });

  describe('LM Studio', () => {
    const routes = (models: unknown): Routes => ({
      'GET /api/v0/models': () => ok(models),
      'GET /v1/models': () => ok({ object: 'list', data: [{ id: 'google/gemma-3-4b', object: 'model', owned_by: 'organization_owner' }] }),
    });

    it('takes loaded_context_length of a loaded model', async () => {
      const server = await start(routes(lmStudioLoaded));
      const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'google/gemma-3-4b' });
      assert.deepEqual([facts?.server, facts?.contextWindow], ['LM Studio', 12_918]);
    });

    it('only bounds the window by max_context_length while the model is not loaded', async () => {
      const server = await start(routes(lmStudioNotLoaded));
      const probe = new ServerModelProbe();
      const large = await probe.lookUp({ baseUrl: `${server.url}/v1`, model: 'meta-llama-3.1-8b-instruct' });
      assert.deepEqual([large?.contextWindow, large?.maxContextWindow], [undefined, 131_072]);
      const limits = modelLimits('meta-llama-3.1-8b-instruct', { server: large, localEndpoint: true });
      assert.equal(limits.contextWindow, 32_000, 'the cautious default stands under a larger ceiling');
      assert.equal(limits.windowSource?.kind, 'default');
      const small = await probe.lookUp({ baseUrl: `${server.url}/v1`, model: 'text-embedding-nomic-embed-text-v1.5' });
      const smallLimits = modelLimits('text-embedding-nomic-embed-text-v1.5', { server: small, localEndpoint: true });
      assert.equal(smallLimits.contextWindow, 2_048, 'a ceiling below the default wins');
      assert.equal(smallLimits.windowSource?.kind, 'server');
    });
  });

  it('llama.cpp: takes the slot window of /props, not n_ctx_train of /v1/models', async () => {
    const server = await start({ 'GET /props': () => ok(llamaCppProps), 'GET /v1/models': () => ok(llamaCppModels) });
    const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf' });
    assert.deepEqual([facts?.server, facts?.contextWindow], ['llama.cpp', 1_024]);
  });

  it('llama.cpp in router mode: asks /props for the model when the bare /props holds a placeholder', async () => {
    const settings = (nCtx: number) => ok({ ...llamaCppProps, default_generation_settings: { ...llamaCppProps.default_generation_settings, n_ctx: nCtx } });
    const server = await start({ 'GET /props': (_body, query) => settings(query.get('model') === 'qwen' ? 8_192 : 0) });
    const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'qwen' });
    assert.ok(server.requests.includes('GET /props?model=qwen'));
    assert.equal(facts?.contextWindow, 8_192);
  });

  it('vLLM: takes max_model_len from /v1/models, also on a remote https server', async () => {
    const server = await start({ 'GET /v1/models': () => ok(vllmModels) });
    const facts = await new ServerModelProbe().lookUp({ baseUrl: `${server.url}/v1`, model: 'Qwen/Qwen2.5-Coder-32B-Instruct' });
    assert.deepEqual([facts?.server, facts?.contextWindow], ['vLLM', 32_768]);
    const askedLocally = server.requests.length;
    const remote = await new ServerModelProbe({ fetch: redirect('https://gpu.example.com', server.url) })
      .lookUp({ baseUrl: 'https://gpu.example.com/v1', model: 'Qwen/Qwen2.5-Coder-32B-Instruct' });
    assert.equal(remote?.contextWindow, 32_768);
    assert.deepEqual(server.requests.slice(askedLocally), ['GET /v1/models'], 'a public https server is asked only its models list');
  });

  it('reports whether the model takes images, as Ollama, LM Studio and OpenRouter say', async () => {
    const ollama = await start(ollamaRoutes({ gemma4: ollamaShowWithNumCtx, 'llama3.2': { ...ollamaShowWithoutNumCtx, capabilities: ['completion', 'tools'] } }));
    assert.equal((await new ServerModelProbe().lookUp({ baseUrl: `${ollama.url}/v1`, model: 'gemma4' }))?.acceptsImages, true);
    assert.equal((await new ServerModelProbe().lookUp({ baseUrl: `${ollama.url}/v1`, model: 'llama3.2' }))?.acceptsImages, false);
    const lmStudio = await start({ 'GET /api/v0/models': () => ok(lmStudioLoaded) });
    assert.equal((await new ServerModelProbe().lookUp({ baseUrl: `${lmStudio.url}/v1`, model: 'google/gemma-3-4b' }))?.acceptsImages, true);
    const openRouter = await start({ 'GET /api/v1/models': () => ok(openRouterModels) });
    const probe = new ServerModelProbe({ fetch: redirect('https://openrouter.ai', openRouter.url) });
    assert.equal((await probe.lookUp({ baseUrl: 'https://openrouter.ai/api/v1', model: 'anthropic/claude-sonnet-4', apiKey: 'sk-or-test' }))?.acceptsImages, true);
  });

  it('OpenRouter: window, output limit and prices per million tokens', async () => {
    const server = await start({ 'GET /api/v1/models': () => ok(openRouterModels) });
    const probe = new ServerModelProbe({ fetch: redirect('https://openrouter.ai', server.url) });
    const facts = await probe.lookUp({ baseUrl: 'https://openrouter.ai/api/v1', model: 'anthropic/claude-sonnet-4', apiKey: 'sk-or-test' });
    assert.equal(facts?.server, 'OpenRouter');
    assert.equal(facts?.contextWindow, 200_000);
    assert.equal(facts?.maxOutputTokens, 64_000);
    assert.deepEqual(facts?.prices, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
    assert.deepEqual(server.requests, ['GET /api/v1/models']);
    const variant = await probe.lookUp({ baseUrl: 'https://openrouter.ai/api/v1', model: 'anthropic/claude-sonnet-4:nitro' });
    assert.equal(variant?.contextWindow, 200_000, 'a routing variant has its model\'s window');
    assert.equal(await probe.lookUp({ baseUrl: 'https://openrouter.ai/api/v1', model: 'openrouter/auto' }), undefined);
  });

  it('gives up at the deadline, says so in one log line, and keeps the failure for a while', async () => {
    const server = await start({}, { hang: true });
    const lines: string[] = [];
    let now = 1_000;
    const probe = new ServerModelProbe({ timeoutMs: 150, failureTtlMs: 60_000, log: (line) => lines.push(line), now: () => now });
    const lookUp = probe.lookUp({ baseUrl: `${server.url}/v1`, model: 'qwen3' });
    assert.ok(await settlesWithin(lookUp, 5_000), 'the look-up waited past its deadline for the hanging server');
    assert.equal(await lookUp, undefined);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', /no answer within 150 ms/);
    const asked = server.requests.length;
    assert.equal(await probe.lookUp({ baseUrl: `${server.url}/v1`, model: 'qwen3' }), undefined);
    assert.equal(server.requests.length, asked, 'a recent failure is not asked again');
    now += 61_000;
    await probe.lookUp({ baseUrl: `${server.url}/v1`, model: 'qwen3' });
    assert.ok(server.requests.length > asked, 'asked again once the failure expired');
  });

  it('asks once per base URL and model, and again for another model', async () => {
    const server = await start({ 'GET /v1/models': () => ok(vllmModels) });
    const probe = new ServerModelProbe();
    const request = { baseUrl: `${server.url}/v1`, model: 'Qwen/Qwen2.5-Coder-32B-Instruct' };
    const [first, second] = await Promise.all([probe.lookUp(request), probe.lookUp(request)]);
    await probe.lookUp({ ...request, baseUrl: `${server.url}/v1/` });
    assert.equal(first?.contextWindow, 32_768);
    assert.equal(second, first);
    const asked = server.requests.filter((line) => line === 'GET /v1/models').length;
    assert.equal(asked, 1);
    await probe.lookUp({ ...request, model: 'other' });
    assert.equal(server.requests.filter((line) => line === 'GET /v1/models').length, 2);
  });

  it('sends the API key to the same server as a bearer token', async () => {
    let authorization: string | undefined;
    const fetchFunction: FetchFunction = (url, init) => {
      authorization = init.headers.authorization;
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(vllmModels) });
    };
    await new ServerModelProbe({ fetch: fetchFunction }).lookUp({ baseUrl: 'https://gpu.example.com/v1', model: 'x', apiKey: 'secret' });
    assert.equal(authorization, 'Bearer secret');
  });
});

/** The platform fetch, with requests to `from` sent to the fake at `to`. */
function redirect(from: string, to: string): FetchFunction {
  return (url, init) => globalThis.fetch(url.startsWith(from) ? to + url.slice(from.length) : url, init);
}
