import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parseSlashCommand } from '../../../src/cli/slashCommands';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { toolCall, text } from '../../support/fakeLlmServer';

const reviewer = '---\nname: reviewer\ndescription: Reviews without editing\ntools: Read, Grep, Glob\n---\nReview only.\n';

describe('elbow -p --agent', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it("offers only the agent's tools, and the tool refuses an edit it was not given", async () => {
    const { server, cwd } = fixture;
    await fs.mkdir(path.join(cwd, '.claude/agents'), { recursive: true });
    await fs.writeFile(path.join(cwd, '.claude/agents/reviewer.md'), reviewer);
    await fs.writeFile(path.join(cwd, 'a.txt'), 'alpha\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('edit_file', { path: 'a.txt', old_str: 'alpha', new_str: 'beta' })] },
      { kind: 'reply', content: [text('Looks fine.')] },
    );
    const run = await runElbow(['-p', 'review a.txt', '--agent', 'reviewer', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.deepEqual({ code: run.code, stdout: run.stdout }, { code: 0, stdout: 'Looks fine.\n' }, run.stderr);
    const tools = ((server.requests[0]?.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((tool) => tool.function.name).sort();
    assert.deepEqual(tools, ['compact', 'list_files', 'read_file', 'search', 'todo']);
    assert.match(run.stderr, /edit_file was not run: the reviewer agent the user picked is not given that tool/);
    assert.equal(await fs.readFile(path.join(cwd, 'a.txt'), 'utf8'), 'alpha\n');
  });

  it('stops before any request when no agent has the name, listing those there are', async () => {
    const { server, cwd } = fixture;
    const run = await runElbow(['-p', 'hi', '--agent', 'nobody', '--cwd', cwd], elbowEnvironment(server, 'openai'));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /no agent is named nobody[\s\S]*Agent[\s\S]*Plan/);
    assert.equal(server.requests.length, 0);
  });

  it('reads /agent and /agent NAME in the chat', () => {
    assert.deepEqual(parseSlashCommand('/agent'), { name: 'agent' });
    assert.deepEqual(parseSlashCommand('/agent  reviewer '), { name: 'agent', agent: 'reviewer' });
  });
});
