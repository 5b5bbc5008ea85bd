import assert from 'node:assert/strict';
import { listServerModels } from '../../../../../src/core/llm/modelInfo/serverModelList';
import { fakeModelServersPerTest, ok, ollamaRoutes } from './fakeModelServers';
import { lmStudioLoaded, ollamaShowWithNumCtx, ollamaTags, vllmModels } from './serverModelInfoFixtures';

describe('listServerModels', () => {
  const start = fakeModelServersPerTest();

  it('lists the ids of an OpenAI-compatible models list, sorted', async () => {
    const server = await start({ 'GET /v1/models': () => ok({ object: 'list', data: [...vllmModels.data, { ...vllmModels.data[0], id: 'A-lora' }] }) });
    assert.deepEqual(await listServerModels(`${server.url}/v1`), ['A-lora', 'Qwen/Qwen2.5-Coder-32B-Instruct']);
  });

  it('asks at the base URL\'s path with its query kept, as the chat\'s requests do', async () => {
    const server = await start({ 'GET /v1/models': (_body, query) => (query.get('key') === 'k1' ? ok(vllmModels) : { status: 401, body: {} }) });
    assert.deepEqual(await listServerModels(`${server.url}/v1?key=k1`), ['Qwen/Qwen2.5-Coder-32B-Instruct']);
    assert.deepEqual(server.requests, ['GET /v1/models?key=k1']);
  });

  it('lists Ollama\'s models by their OpenAI-compatible names', async () => {
    const server = await start(ollamaRoutes({ 'gemma4:latest': ollamaShowWithNumCtx }));
    assert.deepEqual(await listServerModels(`${server.url}/v1`), ['gemma4:latest']);
  });

  it('falls back to Ollama\'s /api/tags when the models list is not served', async () => {
    const server = await start({ 'GET /api/tags': () => ok(ollamaTags) });
    assert.deepEqual(await listServerModels(`${server.url}/v1`), ['deepseek-r1:latest', 'llama3.2:latest']);
  });

  it('says why when the server lists nothing it can read', async () => {
    const server = await start({ 'GET /v1/models': () => ok(lmStudioLoaded.data) });
    await assert.rejects(listServerModels(`${server.url}/v1`), /not in the OpenAI format/);
    const missing = await start({});
    await assert.rejects(listServerModels(`${missing.url}/v1`), /answered 404/);
    const silent = await start({}, { hang: true });
    await assert.rejects(listServerModels(`${silent.url}/v1`, { timeoutMs: 150 }), /no answer within 0\.15 s/);
  });
});
