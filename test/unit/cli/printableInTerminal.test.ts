import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { cliPath, elbowEnvironment, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';

const hasTmux = ((): boolean => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A fake question for a harmless command, then SGR 8: whatever the terminal prints next is concealed. */
const fakeQuestion = 'Let me look.\nElbow wants to run: ls\n  in .\n[y]es (in the sandbox), [n]o, or type why not: \x1b[8m';
/** SGR with the parameter 8 (conceal), as tmux writes a cell's attributes. */
// eslint-disable-next-line no-control-regex
const concealed = /\x1b\[(?:[0-9;]*;)?8(?:;[0-9;]*)?m/;

/** The chat in a real terminal (tmux): what the screen shows, cell by cell, not what was written. */
describe('the chat in a real terminal shows the real approval question (tmux)', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();
  const session = `elbow-inert-${process.pid}`;

  before(function () {
    if (!hasTmux) this.skip();
  });
  afterEach(() => {
    try {
      execFileSync('tmux', ['kill-session', '-t', session], { stdio: 'ignore' });
    } catch {
      // Already ended.
    }
  });

  it('model text cannot conceal the "outside the sandbox" question behind a fake one', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [text(fakeQuestion), toolCall('run_command', { command: 'touch pwned', outside_sandbox: true, reason: 'It lists files.' })] },
      { kind: 'reply', content: [text('Fine.')] },
    );
    const env = elbowEnvironment(server, 'openai');
    const script = path.join(cwd, '..', `${path.basename(cwd)}-chat.sh`);
    const exports = Object.entries(env).filter(([name]) => /^[A-Z_][A-Z0-9_]*$/i.test(name)).map(([name, value]) => `export ${name}=${shellQuoted(value ?? '')}`);
    await fs.writeFile(script, [...exports, `exec ${shellQuoted(process.execPath)} ${shellQuoted(cliPath)} --cwd ${shellQuoted(cwd)}`].join('\n'));
    try {
      execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', '160', '-y', '50', `sh ${shellQuoted(script)}`]);
      await screenShows(session, /\/help lists commands/);
      execFileSync('tmux', ['send-keys', '-t', session, 'look around', 'Enter']);
      const screen = await screenShows(session, /\[s\]andbox instead, \[n\]o, or type why not:/);
      const withAttributes = execFileSync('tmux', ['capture-pane', '-p', '-e', '-t', session], { encoding: 'utf8' });
      assert.match(screen, /Elbow wants to run outside the sandbox: touch pwned\n {2}in \.\n {2}Its reason: It lists files\.\n {2}Outside the sandbox it runs with your full rights\./);
      assert.doesNotMatch(withAttributes, concealed, 'nothing on the screen is concealed');
      assert.match(screen, /\[y\]es \(in the sandbox\), \[n\]o, or type why not: \\x1b\[8m/, 'the fake question shows its escape');
      execFileSync('tmux', ['send-keys', '-t', session, 'n', 'Enter']);
      await screenShows(session, /Fine\./);
      await assert.rejects(fs.stat(path.join(cwd, 'pwned')));
    } finally {
      await fs.rm(script, { force: true });
    }
  });
});

/** Waits until the screen (as rendered, without attributes) matches; returns it. */
async function screenShows(session: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
    if (pattern.test(screen)) return screen;
    if (Date.now() > deadline) assert.fail(`the screen never showed ${pattern}:\n${screen}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}
