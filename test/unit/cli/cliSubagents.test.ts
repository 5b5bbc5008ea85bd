import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type RecordedRequest, type ScriptedResponse } from '../../support/fakeLlmServer';

/** The first user message of an OpenAI request: a child's prompt, or the user's. */
function firstUserText(request: RecordedRequest): string {
  const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return JSON.stringify(messages.find((message) => message.role === 'user')?.content);
}

function toolNames(request: RecordedRequest): string[] {
  const tools = (request.body as { tools?: Array<{ function: { name: string } }> }).tools ?? [];
  return tools.map((tool) => tool.function.name);
}

/** The parent hands "Find uses of parseConfig" to an explore child, which searches and reads before it reports. */
function scriptTask(): Array<(request: RecordedRequest) => ScriptedResponse> {
  const child = (request: RecordedRequest): ScriptedResponse => {
    const sent = JSON.stringify(request.body);
    if (!sent.includes('"role":"tool"')) return { kind: 'reply', content: [text('I will search first.'), toolCall('search', { pattern: 'parseConfig' }, 'child_search')] };
    if (!sent.includes('child_read')) return { kind: 'reply', content: [toolCall('read_file', { path: 'src/app.ts' }, 'child_read')] };
    return { kind: 'reply', content: [text('parseConfig is used in src/app.ts:1.')] };
  };
  const parent = (request: RecordedRequest): ScriptedResponse => {
    if (firstUserText(request).includes('Find every use')) return child(request);
    const sent = JSON.stringify(request.body);
    if (!sent.includes('task_result')) return { kind: 'reply', content: [toolCall('task', { description: 'Find uses of parseConfig', prompt: 'Find every use of parseConfig and report file:line.', agent: 'explore' }, 'call_task')] };
    return { kind: 'reply', content: [text('parseConfig is used once, in src/app.ts.')] };
  };
  return [parent, parent, parent, parent, parent];
}

describe('elbow command line: subagents', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  beforeEach(async () => {
    await fs.mkdir(path.join(fixture.cwd, 'src'));
    await fs.writeFile(path.join(fixture.cwd, 'src', 'app.ts'), "import { parseConfig } from './config';\n");
  });

  it('shows the child’s progress as indented lines on stderr and only the parent’s answer on stdout', async () => {
    const { server, cwd } = fixture;
    server.enqueue(...scriptTask());
    const run = await runElbow(['-p', 'where is parseConfig used?', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual(server.violations, []);
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'parseConfig is used once, in src/app.ts.\n' }, run.stderr);
    const lines = run.stderr.split('\n').filter((line) => line !== '');
    assert.deepEqual(lines.map((line) => line.replace(/ · [\d.k]+ tokens.*$/, ' · TOKENS')), [
      '  ▸ Find uses of parseConfig (explore) started',
      '  ✓ Find uses of parseConfig › search(parseConfig)',
      '  ✓ Find uses of parseConfig › read_file(src/app.ts)',
      '  ✓ Find uses of parseConfig (explore) done · 2 tool calls · TOKENS',
      '✓ task(Find uses of parseConfig)',
    ]);
    // The child's three requests, as the fake server counted them, are its tokens.
    const childRequests = server.requests.filter((request) => firstUserText(request).includes('Find every use'));
    assert.equal(childRequests.length, 3);
    assert.match(lines[3] as string, / · [\d.]+k? tokens · \$0\.00$/);
  });

  it('--json: every line parses, and the child’s events carry its task id and the parent’s task call', async () => {
    const { server, cwd } = fixture;
    server.enqueue(...scriptTask());
    const run = await runElbow(['-p', 'where is parseConfig used?', '--cwd', cwd, '--json'], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const task = events.find((event) => event.type === 'tool_call' && event.name === 'task' && event.taskId === undefined);
    assert.equal(task?.id, 'call_task');
    const fromChild = events.filter((event) => event.taskId !== undefined);
    assert.ok(fromChild.length >= 10, `the child's events: ${fromChild.length}`);
    const taskIds = new Set(fromChild.map((event) => event.taskId));
    assert.equal(taskIds.size, 1);
    assert.match(String([...taskIds][0]), /^task_[0-9a-f]{8}$/);
    assert.ok(fromChild.every((event) => event.parentCallId === 'call_task' && event.agent === 'explore' && event.description === 'Find uses of parseConfig' && event.depth === 1));
    assert.deepEqual(fromChild.filter((event) => event.type === 'tool_call').map((event) => event.name), ['search', 'read_file']);
    assert.deepEqual(fromChild.filter((event) => event.type === 'tool_result').map((event) => event.isError), [false, false]);
    assert.equal(fromChild.filter((event) => event.type === 'done').length, 1);
    // No wrapper reaches the output: the child's events are lines of their own.
    assert.equal(events.filter((event) => event.type === 'subagent').length, 0);
    // The task's result names the same child, for a later task_id.
    const result = events.find((event) => event.type === 'tool_result' && event.name === 'task' && event.taskId === undefined);
    assert.ok(String(result?.text).includes(`task_id="${String([...taskIds][0])}"`));
    // After the child's usage, the conversation's totals (children included) ride along.
    const childUsage = fromChild.filter((event) => event.type === 'usage');
    assert.equal(childUsage.length, 3);
    assert.ok(childUsage.every((event) => typeof event.conversationTotal === 'object'));
  });

  it('--max-parallel-subagents 0 offers the model no task tool; otherwise it is offered', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('Done.')] }, { kind: 'reply', content: [text('Done.')] });
    const off = await runElbow(['-p', 'hi', '--cwd', cwd, '--max-parallel-subagents', '0'], elbowEnvironment(server, 'openai'));
    const on = await runElbow(['-p', 'hi', '--cwd', cwd, '--max-parallel-subagents', '2'], elbowEnvironment(server, 'openai'));
    assert.deepEqual([off.code, on.code], [0, 0], off.stderr + on.stderr);
    assert.equal(server.requests.length, 2);
    const [withoutTask, withTask] = server.requests.map(toolNames);
    assert.ok((withoutTask?.length ?? 0) > 3 && !withoutTask?.includes('task'), String(withoutTask));
    assert.ok(withTask?.includes('task'), String(withTask));
  });
});
