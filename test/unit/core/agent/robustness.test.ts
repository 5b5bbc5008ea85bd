import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import type { AgentEvent, RunOutcome } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { toolResultText, type ToolResultsMessage } from '../../../../src/core/llm/messages';
import { createProvider } from '../../../../src/core/llm/providers/createProvider';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { settlesWithin } from '../../../support/settlesWithin';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/**
 * Faults from the model, the network and the workspace, through the real SDKs against the fake
 * server. In each: no crash, the conversation stays valid (the server answers 400 otherwise,
 * recorded in `violations`), and the model or the user is told what happened.
 */
for (const api of ['openai', 'anthropic'] as const) {
  describe(`robustness (${api})`, function () {
    this.timeout(20_000);
    let server: FakeLlmServer;
    let ws: TempWorkspace;
    let session: AgentSession;
    let events: AgentEvent[];

    beforeEach(async () => {
      server = await startFakeLlmServer();
      ws = await createTempWorkspace({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n', 'dup.txt': 'x = 1\nx = 1\n', 'link-out': { symlink: '../outside' } });
      await fs.mkdir(`${ws.base}/outside`);
      await fs.writeFile(`${ws.base}/outside/secret.txt`, 'top secret\n');
      const provider = createProvider({ provider: api, apiKey: server.apiKey, baseURL: api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });
      const registry = new ToolRegistry();
      for (const tool of builtinTools()) registry.register(tool);
      session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'test-model' }, system: 'You are a test.', registry, retry: { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5_000 } }) });
      events = [];
    });
    afterEach(async () => {
      await server.close();
      await ws.cleanup();
    });

    const send = (prompt: string, signal?: AbortSignal): Promise<RunOutcome> => session.send(prompt, (event) => events.push(event), signal);
    const resultTexts = (index: number): string[] =>
      (session.messages[index] as ToolResultsMessage).results.map(toolResultText);
    /** A further exchange the server accepts proves the history is still valid. */
    const stillValid = async (): Promise<void> => {
      server.enqueue({ kind: 'reply', content: [text('still here')] });
      assert.deepEqual(await send('are you still there?'), { reason: 'completed', text: 'still here' });
      assert.deepEqual(server.violations, []);
    };

    it('runs parallel tool calls and returns all results together', async () => {
      server.enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'a.txt' }), toolCall('read_file', { path: 'b.txt' }), toolCall('search', { pattern: 'alpha' })] },
        { kind: 'reply', content: [text('read both')] },
      );
      assert.equal((await send('read a and b')).reason, 'completed');
      const [a, b, found] = resultTexts(2);
      assert.match(a ?? '', /alpha/);
      assert.match(b ?? '', /beta/);
      assert.match(found ?? '', /a\.txt:1/);
      await stillValid();
    });

    it('answers malformed arguments and unknown tools with error results', async () => {
      server.enqueue(
        { kind: 'reply', content: [{ type: 'tool_call', name: 'read_file', arguments: '{"path": "a.t' }, toolCall('rm_rf', { path: '/' })] },
        { kind: 'reply', content: [text('I will fix my call.')] },
      );
      assert.equal((await send('read a')).reason, 'completed');
      const [malformed, unknown] = resultTexts(2);
      assert.match(malformed ?? '', /not valid JSON/);
      assert.match(unknown ?? '', /no tool named "rm_rf"/);
      await stillValid();
    });

    it('retries 429 honouring retry-after, then succeeds', async () => {
      server.enqueue({ kind: 'error', status: 429, retryAfterSeconds: 1 }, { kind: 'reply', content: [text('ok')] });
      const started = Date.now();
      assert.deepEqual(await send('hi'), { reason: 'completed', text: 'ok' });
      assert.ok(Date.now() - started >= 950, 'waited for retry-after');
      const retry = events.find((event) => event.type === 'retry');
      assert.equal(retry?.type === 'retry' && retry.delayMs, 1000);
      await stillValid();
    });

    it(`retries ${api === 'anthropic' ? '529 overloaded' : '503'} and 500, then succeeds`, async () => {
      server.enqueue({ kind: 'error', status: api === 'anthropic' ? 529 : 503 }, { kind: 'error', status: 500 }, { kind: 'reply', content: [text('ok')] });
      assert.deepEqual(await send('hi'), { reason: 'completed', text: 'ok' });
      assert.equal(events.filter((event) => event.type === 'retry').length, 2);
      await stillValid();
    });

    it('retries a stream dropped mid-way, discarding the partial reply', async () => {
      server.enqueue({ kind: 'drop', content: [text('Here is the begin')] }, { kind: 'reply', content: [text('Here is the whole answer.')] });
      assert.deepEqual(await send('tell me'), { reason: 'completed', text: 'Here is the whole answer.' });
      assert.equal(server.requests.length, 2);
      const types = events.map((event) => event.type);
      assert.ok(types.indexOf('reply_discarded') < types.indexOf('retry'), `discarded before the retry: ${types.join(', ')}`);
      assert.equal(session.messages.filter((message) => message.role === 'assistant').length, 1, 'the broken reply never reaches the history');
      await stillValid();
    });

    it(`retries an ${api === 'anthropic' ? 'overloaded_error event' : 'error chunk'} sent mid-reply`, async () => {
      server.enqueue({ kind: 'streamError', status: 529, content: [text('Half an ans')] }, { kind: 'reply', content: [text('The answer.')] });
      assert.deepEqual(await send('tell me'), { reason: 'completed', text: 'The answer.' });
      const discarded = events.find((event) => event.type === 'reply_discarded');
      assert.match(discarded?.type === 'reply_discarded' ? discarded.reason : '', /Overloaded/);
      assert.equal(events.filter((event) => event.type === 'retry').length, 1);
      await stillValid();
    });

    it('never runs a tool from a reply that broke off, and runs it once from the retried reply', async () => {
      server.enqueue(
        { kind: 'drop', content: [toolCall('edit_file', { path: 'log.txt', old_str: '', new_str: 'entry\n' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: 'log.txt', old_str: '', new_str: 'entry\n' })] },
        { kind: 'reply', content: [text('logged')] },
      );
      assert.equal((await send('log it')).reason, 'completed');
      assert.equal(await ws.readText('log.txt'), 'entry\n');
      assert.equal(events.filter((event) => event.type === 'tool_call').length, 1);
      assert.equal(events.filter((event) => event.type === 'reply_discarded').length, 1);
      await stillValid();
    });

    it('tells the model its tool call was cut off by max_tokens', async () => {
      server.enqueue(
        { kind: 'reply', stopReason: 'max_tokens', content: [text('Writing the file.'), { type: 'tool_call', name: 'write_file', arguments: '{"path": "big.txt", "content": "lots of te' }] },
        { kind: 'reply', content: [text('I will write it in smaller pieces.')] },
      );
      assert.equal((await send('write a big file')).reason, 'completed');
      assert.match(resultTexts(2)[0] ?? '', /cut off/);
      await assert.rejects(ws.readText('big.txt'));
      await stillValid();
    });

    it('cancels a hanging stream promptly and stays usable', async () => {
      server.enqueue({ kind: 'hang' });
      const controller = new AbortController();
      const running = send('slow', controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      // How fast a cancel is, `npm run bench` measures; this bound only catches a cancel that does not work.
      assert.ok(await settlesWithin(running, 5_000), 'the run went on after the cancel');
      assert.equal((await running).reason, 'cancelled');
      await stillValid();
    });

    it('refuses paths that escape the workspace', async () => {
      server.enqueue(
        {
          kind: 'reply',
          content: [
            toolCall('read_file', { path: '../outside/secret.txt' }),
            toolCall('read_file', { path: `${ws.base}/outside/secret.txt` }),
            toolCall('read_file', { path: 'link-out/secret.txt' }),
            toolCall('write_file', { path: 'link-out/planted.txt', content: 'x' }),
          ],
        },
        { kind: 'reply', content: [text('Those are outside the workspace.')] },
      );
      assert.equal((await send('read the secret')).reason, 'completed');
      for (const result of resultTexts(2)) {
        assert.match(result, /outside the workspace/);
        assert.doesNotMatch(result, /top secret/);
      }
      await assert.rejects(fs.stat(`${ws.base}/outside/planted.txt`));
      await stillValid();
    });

    it('leaves files byte-identical when an edit matches zero or two times', async () => {
      const before = await ws.readBytes('dup.txt');
      server.enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'dup.txt', old_str: 'x = 2', new_str: 'y' }), toolCall('edit_file', { path: 'dup.txt', old_str: 'x = 1', new_str: 'y' })] },
        { kind: 'reply', content: [text('I need more context.')] },
      );
      assert.equal((await send('change x')).reason, 'completed');
      assert.deepEqual(await ws.readBytes('dup.txt'), before);
      const [none, two] = resultTexts(2);
      assert.match(none ?? '', /x = 1/, 'names the closest candidate');
      assert.match(two ?? '', /2 (times|matches)|matches 2/);
      await stillValid();
    });
  });
}
