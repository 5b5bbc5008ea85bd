import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture, type ProviderName } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { congrats, fizzbuzz, riddle } from '../../support/seedExperiments';

function node(script: string, cwd: string): string {
  return execFileSync(process.execPath, [script], { cwd, encoding: 'utf8' });
}

/** Every tool result text the server received, in order. */
function toolResultsSeen(server: FakeLlmServer): string[] {
  const last = server.requests.at(-1)?.body as { messages?: unknown[] } | undefined;
  return JSON.stringify(last?.messages ?? []).match(/"(?:content|text)":"[^"]*"/g) ?? [];
}

/**
 * The experiments from "How To Build An Agent" (seeds/code-editing-agent-go-deepseek.txt), run
 * through `elbow -p` as a user would, with the fake server playing the model.
 */
for (const provider of ['openai', 'anthropic'] as ProviderName[]) {
  describe(`elbow -p experiments (${provider})`, function () {
    this.timeout(30_000);
    const fixture = useCliFixture();
    let server: FakeLlmServer;
    let cwd: string;

    beforeEach(() => {
      ({ server, cwd } = fixture);
    });

    const elbow = (prompt: string) => runElbow(['-p', prompt, '--cwd', cwd], elbowEnvironment(server, provider));

    it('0: chats without tools', async () => {
      await fs.writeFile(path.join(cwd, 'AGENTS.md'), 'Always answer in a friendly tone.\n');
      server.enqueue({ kind: 'reply', content: [text("Hi Thorsten! I'm doing well. How can I help?")] });
      const run = await elbow("Hey! I'm Thorsten! How are you?");
      assert.deepEqual(run, { code: 0, stdout: "Hi Thorsten! I'm doing well. How can I help?\n", stderr: '' });
      assert.deepEqual(server.violations, []);
      const body = JSON.stringify(server.requests[0]?.body);
      assert.ok(body.includes(cwd), 'the system prompt names the workspace root');
      assert.ok(body.includes('Always answer in a friendly tone.'), 'AGENTS.md reaches the model');
      for (const tool of ['list_files', 'read_file', 'search', 'edit_file', 'write_file']) assert.ok(body.includes(`"${tool}"`), tool);
    });

    it('1: solves the riddle in secret-file.txt with list_files and read_file', async () => {
      await fs.writeFile(path.join(cwd, 'secret-file.txt'), `${riddle}\n`);
      server.enqueue(
        { kind: 'reply', content: [text("I'll look around first."), toolCall('list_files', {})] },
        { kind: 'reply', content: [toolCall('read_file', { path: 'secret-file.txt' })] },
        { kind: 'reply', content: [text('A horse: it always says "neigh".')] },
      );
      const run = await elbow('Help me solve the riddle in the secret-file.txt file');
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, 'A horse: it always says "neigh".\n');
      assert.equal(run.stderr, '✓ list_files()\n✓ read_file(secret-file.txt)\n');
      const seen = toolResultsSeen(server).join('\n');
      assert.match(seen, /secret-file\.txt/, 'the listing reached the model');
      assert.ok(seen.includes(riddle), 'the riddle reached the model');
      assert.deepEqual(server.violations, []);
    });

    it('2: creates fizzbuzz.js that node runs for 1..100', async () => {
      server.enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'fizzbuzz.js', old_str: '', new_str: fizzbuzz })] },
        { kind: 'reply', content: [text('Created fizzbuzz.js. Run it with `node fizzbuzz.js`.')] },
      );
      const run = await elbow('Create fizzbuzz.js that I can run with Nodejs and that has fizzbuzz in it and executes it');
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, '✓ edit_file(fizzbuzz.js)\n');
      const lines = node('fizzbuzz.js', cwd).trim().split('\n');
      assert.equal(lines.length, 100);
      assert.deepEqual([lines[0], lines[2], lines[4], lines[14], lines[99]], ['1', 'Fizz', 'Buzz', 'FizzBuzz', 'Buzz']);
      assert.deepEqual(server.violations, []);
    });

    it('3: edits fizzbuzz.js to stop at 15', async () => {
      await fs.writeFile(path.join(cwd, 'fizzbuzz.js'), fizzbuzz);
      server.enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: 'fizzbuzz.js' })] },
        { kind: 'reply', content: [toolCall('edit_file', { path: 'fizzbuzz.js', old_str: 'i <= 100', new_str: 'i <= 15' })] },
        { kind: 'reply', content: [text('fizzbuzz.js now stops at 15.')] },
      );
      const run = await elbow('Please edit fizzbuzz.js so that it only prints until 15');
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, '✓ read_file(fizzbuzz.js)\n✓ edit_file(fizzbuzz.js)\n');
      const lines = node('fizzbuzz.js', cwd).trim().split('\n');
      assert.equal(lines.length, 15);
      assert.equal(lines[14], 'FizzBuzz');
      assert.ok(toolResultsSeen(server).join('\n').includes('i <= 100'), 'the model was shown the file before editing');
    });

    it('4: writes congrats.js that rot13-decodes the message', async () => {
      server.enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: 'congrats.js', old_str: '', new_str: congrats })] },
        { kind: 'reply', content: [text('Done: node congrats.js prints the message.')] },
      );
      const run = await elbow("Create a congrats.js script that rot13-decodes the following string 'Pbatenghyngvbaf ba ohvyqvat n pbqr-rqvgvat ntrag!' and prints it");
      assert.equal(run.code, 0, run.stderr);
      assert.equal(node('congrats.js', cwd), 'Congratulations on building a code-editing agent!\n');
      assert.deepEqual(server.violations, []);
    });
  });
}
