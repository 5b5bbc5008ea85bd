import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { cliPath, elbowEnvironment, runElbow, useCliFixture, type CliRun } from '../../../support/elbowCli';
import { text, type RecordedRequest } from '../../../support/fakeLlmServer';
import { runNodeScript } from '../../../support/nodeScriptRun';

const todoSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['todos'],
  additionalProperties: false,
  properties: { todos: { type: 'array', items: { type: 'string' } } },
};

/** `elbow <args>`, killed if it has not ended after `ms` (its event loop may be too busy for a gentler signal). */
function runElbowAtMost(ms: number, args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return runNodeScript(cliPath, args, { env, killAfterMs: ms });
}

type Line = { type: string; [key: string]: unknown };

function lastLine(run: CliRun): Line {
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Line;
}

/** The text of the last user message of an OpenAI request (the follow-up's), or of an Anthropic one. */
function lastUserText(request: RecordedRequest | undefined): string {
  assert.ok(request !== undefined, 'the request was sent');
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.filter((message) => message.role === 'user').at(-1)?.content);
}

describe('elbow -p --json-schema', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();
  let schemaFile: string;

  beforeEach(async () => {
    schemaFile = path.join(fixture.cwd, '..', `${path.basename(fixture.cwd)}-todos.schema.json`);
    await fs.writeFile(schemaFile, JSON.stringify(todoSchema));
  });
  afterEach(() => fs.rm(schemaFile, { force: true }));

  it('asks for JSON matching the schema and puts the parsed answer in the result (Anthropic, --json)', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('```json\n{"todos": ["fix the parser"]}\n```')] });
    const run = await runElbow(['-p', 'list the TODOs', '--json-schema', schemaFile, '--json', '--cwd', cwd], elbowEnvironment(server, 'anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const result = lastLine(run);
    assert.deepEqual([result.type, result.outcome, result.exitCode, result.structuredOutput], ['result', 'completed', 0, { todos: ['fix the parser'] }]);
    assert.match(lastUserText(server.requests[0]), /list the TODOs.*a single JSON value.*\\"required\\":\[\\"todos\\"\]/);
    assert.equal(server.requests.length, 1);
  });

  it('sends an answer that does not match back once, saying what is wrong, and prints the corrected JSON (OpenAI)', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('There is one TODO: fix the parser.')] }, { kind: 'reply', content: [text('{"todos": ["fix the parser"]}')] });
    const run = await runElbow(['-p', 'list the TODOs', '--json-schema', schemaFile, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: '{"todos":["fix the parser"]}\n' }, run.stderr);
    assert.equal(server.requests.length, 2);
    assert.match(lastUserText(server.requests[1]), /does not match the JSON Schema: the answer is not JSON \(Unexpected token/);
    assert.deepEqual(server.violations, []);
  });

  it('ends with invalid_output and exit 7 when the corrected answer still does not match', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('{"todo": "fix"}')] }, { kind: 'reply', content: [text('{"todos": [1]}')] });
    const run = await runElbow(['-p', 'list the TODOs', '--json-schema', schemaFile, '--json', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 7, run.stderr);
    assert.match(lastUserText(server.requests[1]), /must have required property 'todos'/);
    const result = lastLine(run);
    assert.deepEqual([result.outcome, result.exitCode, result.answer, result.structuredOutput], ['invalid_output', 7, '{"todos": [1]}', undefined]);
    assert.match(String(result.message), /^The answer does not match --json-schema: the answer's \/todos\/0 must be string\.$/);
    assert.equal(server.requests.length, 2);
  });

  it('without --json, says on stderr why the answer did not match and prints nothing on stdout', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('no')] }, { kind: 'reply', content: [text('still no')] });
    const run = await runElbow(['-p', 'list the TODOs', '--json-schema', schemaFile, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 7, stdout: '' });
    assert.match(run.stderr, /^elbow: The answer does not match --json-schema: the answer is not JSON/m);
  });

  it('stops checking an answer that makes the schema backtrack for ever: invalid_output, exit 7, with a result', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(schemaFile, JSON.stringify({ type: 'string', pattern: '^(a|a)+$' }));
    const backtracking = JSON.stringify(`${'a'.repeat(40)}!`);
    server.enqueue({ kind: 'reply', content: [text(backtracking)] }, { kind: 'reply', content: [text(backtracking)] });
    const run = await runElbowAtMost(20_000, ['-p', 'say a', '--json-schema', schemaFile, '--json', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 7, `killed after 20 s: ${run.code === null}; ${run.stderr}`);
    const result = lastLine(run);
    assert.deepEqual([result.type, result.outcome, result.exitCode], ['result', 'invalid_output', 7]);
    assert.match(String(result.message), /checking the answer against the schema took longer than \d+ s/);
    assert.equal(server.requests.length, 2);
  });

  it('refuses a schema file that is not JSON, not a valid schema or missing, before any request, with exit 2', async () => {
    const { server, cwd } = fixture;
    const cases: Array<[string, RegExp]> = [
      ['{"type": "object",', /--json-schema: .* is not JSON/],
      ['{"type": "nothing-of-the-sort"}', /--json-schema: .* is not a valid JSON Schema: schema is invalid: data\/type must be equal to one of the allowed values/],
      ['[1, 2]', /--json-schema: .* is not a JSON Schema: a schema is an object/],
      ['{"$ref": "https://example.invalid/remote.json"}', /--json-schema: .* is not a valid JSON Schema: can't resolve reference/],
    ];
    for (const [content, message] of cases) {
      await fs.writeFile(schemaFile, content);
      const run = await runElbow(['-p', 'list the TODOs', '--json-schema', schemaFile, '--json', '--cwd', cwd], elbowEnvironment(server, 'openai'));
      assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 2, stdout: '' }, content);
      assert.match(run.stderr, message);
    }
    const missing = await runElbow(['-p', 'list', '--json-schema', `${schemaFile}.gone`, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual([missing.code, /--json-schema: cannot read .*\.gone: ENOENT/.test(missing.stderr)], [2, true], missing.stderr);
    const withoutPrompt = await runElbow(['--json-schema', schemaFile, '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual([withoutPrompt.code, /--json-schema goes with -p/.test(withoutPrompt.stderr)], [2, true], withoutPrompt.stderr);
    assert.equal(server.requests.length, 0);
  });
});
