import assert from 'node:assert/strict';
import { presetById } from '../../../../src/core/llm/presets/providerPresets';
import { useReplayCli } from '../../../support/replay/replayCli';
import { elbowEnvironment, runElbow } from '../../../support/elbowCli';

describe('replayed Azure OpenAI stream', function () {
  this.timeout(60_000);
  const replay = useReplayCli('azure');

  it('asks the deployment with the api-version and the key as api-key, skips the content filter chunk, and prints the answer', async () => {
    replay.server.play('azure/text-answer.sse');
    const run = await replay.run(['-p', 'Translate to German: Hello world!'], 'gpt-4o-prod');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'Hallo Welt!');
    const [request] = replay.server.requests;
    assert.equal(request?.path, '/openai/deployments/gpt-4o-prod/chat/completions');
    assert.equal(request?.search, `?api-version=${presetById('azure')?.apiVersion?.default}`);
    assert.equal(request?.headers['api-key'], replay.server.apiKey);
    assert.equal(request?.headers.authorization, undefined);
    assert.deepEqual(replay.server.violations, []);
  });

  it('keeps the api-version a pasted base URL carries, rather than gluing the request path into it', async () => {
    replay.server.play('azure/text-answer.sse');
    const env = { ...elbowEnvironment(replay.server, 'openai'), AZURE_OPENAI_API_KEY: replay.server.apiKey };
    const run = await runElbow(['-p', 'Hello', '--provider', 'azure', '--base-url', `${replay.server.url}/openai?api-version=2025-01-01-preview`, '--model', 'chat', '--cwd', replay.cwd], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(replay.server.requests[0]?.search, '?api-version=2025-01-01-preview');
  });

  it('sends the versionless v1 endpoint the model in the body and the key as api-key', async () => {
    replay.server.play('azure/text-answer.sse');
    const env = { ...elbowEnvironment(replay.server, 'openai'), AZURE_OPENAI_API_KEY: replay.server.apiKey };
    const run = await runElbow(['-p', 'Hello', '--provider', 'azure', '--base-url', `${replay.server.url}/openai/v1`, '--model', 'gpt-4o-prod', '--cwd', replay.cwd], env);
    assert.equal(run.code, 0, run.stderr);
    const sent = replay.server.requests.find((request) => request.path.endsWith('/chat/completions'));
    assert.deepEqual([sent?.path, sent?.search, sent?.headers['api-key'], sent?.headers.authorization], ['/openai/v1/chat/completions', '', replay.server.apiKey, undefined]);
    assert.equal((sent?.body as { model?: string }).model, 'gpt-4o-prod');
  });

  it('is refused as Azure refuses a key sent as Bearer to a deployment URL', async () => {
    const env = { ...elbowEnvironment(replay.server, 'openai'), OPENAI_COMPATIBLE_API_KEY: replay.server.apiKey };
    const run = await runElbow(['-p', 'Hello', '--provider', 'openai-compatible', '--base-url', `${replay.server.url}/openai/deployments/chat?api-version=2024-10-21`, '--model', 'chat', '--cwd', replay.cwd], env);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /refused the credentials \(401\)/);
    const sent = replay.server.requests.find((request) => request.path.endsWith('/chat/completions'));
    assert.deepEqual([sent?.path, sent?.search], ['/openai/deployments/chat/chat/completions', '?api-version=2024-10-21'], 'the path follows the base URL, the query stays a query');
  });
});
