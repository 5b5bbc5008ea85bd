import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCliArguments } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';
import { createCliSession } from '../../../src/cli/createCliSession';
import { usageReport, windowReading } from '../../../src/cli/usageReport';
import type { ModelInfoProbe, ModelInfoRequest } from '../../../src/core/llm/modelInfo/modelInfoProbe';
import { ok, startFakeModelServer, type FakeModelServer } from '../core/llm/modelInfo/fakeModelServers';
import { vllmModels } from '../core/llm/modelInfo/serverModelInfoFixtures';
import { createTempWorkspace, type TempWorkspace } from '../../support/tempWorkspace';

/** A CLI session on an OpenAI-compatible server takes the window the server reports, and /usage says so. */
describe('the window a CLI session uses', function () {
  this.timeout(10_000);
  let ws: TempWorkspace;
  let dataFolder: string;
  let server: FakeModelServer | undefined;
  beforeEach(async () => {
    ws = await createTempWorkspace({});
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-data-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await ws.cleanup();
    await fs.rm(dataFolder, { recursive: true, force: true });
  });

  it('is the vLLM server\'s max_model_len rather than a default for a model Elbow does not know', async () => {
    server = await startFakeModelServer({ 'GET /v1/models': () => ok(vllmModels) });
    const env = { OPENAI_API_KEY: 'none', OPENAI_API_BASE: `${server.url}/v1`, OPENAI_MODEL: 'Qwen/Qwen2.5-Coder-32B-Instruct', ELBOW_DATA_DIR: dataFolder };
    const session = await createCliSession(resolveCliConfig(parseCliArguments([]), env), ws.root);
    try {
      assert.equal(session.limits?.contextWindow, 32_768);
      assert.equal(session.limits?.known, true);
      const report = usageReport(session.usageTotals, undefined, windowReading(session.limits));
      assert.match(report, /^Window: {2}32\.8k tokens, from vLLM \(max_model_len 32,768\)$/m);
    } finally {
      await session.dispose();
    }
  });

  it('is the user\'s ELBOW_MODELS setting over what the server reports', async () => {
    server = await startFakeModelServer({ 'GET /v1/models': () => ok(vllmModels) });
    const env = {
      OPENAI_API_KEY: 'none',
      OPENAI_API_BASE: `${server.url}/v1`,
      OPENAI_MODEL: 'Qwen/Qwen2.5-Coder-32B-Instruct',
      ELBOW_DATA_DIR: dataFolder,
      ELBOW_MODELS: JSON.stringify({ 'Qwen/Qwen2.5-Coder-32B-Instruct': { contextWindow: 16_000 } }),
    };
    const session = await createCliSession(resolveCliConfig(parseCliArguments([]), env), ws.root);
    try {
      assert.equal(session.limits?.contextWindow, 16_000);
      assert.match(usageReport(session.usageTotals, undefined, windowReading(session.limits)), /^Window: {2}16k tokens, from your ELBOW_MODELS setting$/m);
    } finally {
      await session.dispose();
    }
  });

  it('is asked of an OpenAI-compatible base URL only, not of Anthropic or the official OpenAI endpoint', async () => {
    const asked: ModelInfoRequest[] = [];
    const probe: ModelInfoProbe = { lookUp: (request) => Promise.resolve(void asked.push(request)) };
    for (const env of [
      { ANTHROPIC_API_KEY: 'key', ELBOW_PROVIDER: 'anthropic', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', ELBOW_DATA_DIR: dataFolder },
      { OPENAI_API_KEY: 'key', OPENAI_MODEL: 'gpt-4.1', ELBOW_DATA_DIR: dataFolder },
    ]) {
      const session = await createCliSession(resolveCliConfig(parseCliArguments([]), env), ws.root, {}, undefined, probe);
      await session.dispose();
    }
    assert.deepEqual(asked, []);
    const local = { OPENAI_API_KEY: 'key', OPENAI_API_BASE: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'qwen3', ELBOW_DATA_DIR: dataFolder };
    await (await createCliSession(resolveCliConfig(parseCliArguments([]), local), ws.root, {}, undefined, probe)).dispose();
    assert.deepEqual(asked, [{ baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen3', apiKey: 'key' }]);
  });
});
