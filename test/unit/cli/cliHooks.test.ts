import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';

describe('elbow command line: hooks', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let home: string;

  beforeEach(async () => {
    home = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-cli-home-')));
  });
  afterEach(() => fs.rm(home, { recursive: true, force: true }));

  async function settings(folder: string, hooks: object): Promise<void> {
    await fs.mkdir(path.join(folder, '.claude'), { recursive: true });
    await fs.writeFile(path.join(folder, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  }

  it('runs the user\'s own hooks, and not a project\'s it was never told to trust', async () => {
    const { server, cwd } = fixture;
    await settings(cwd, { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'touch "$CLAUDE_PROJECT_DIR/project-hook-ran"; echo no >&2; exit 2' }] }] });
    await settings(home, { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "Ticket from the user hook: ABC-7"' }] }] });
    server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'echo hi' })] }, { kind: 'reply', content: [text('Done.')] });
    const run = await runElbow(['-p', 'say hi', '--cwd', cwd], { ...elbowEnvironment(server, 'openai'), HOME: home });
    assert.equal(run.code, 0, run.stderr);
    await assert.rejects(fs.stat(path.join(cwd, 'project-hook-ran')), 'the project\'s hook did not run');
    assert.match(run.stderr, /PreToolUse hook `touch .*` not run: .claude\/settings.json is the workspace's, and not trusted yet/);
    assert.match(JSON.stringify(server.requests[0]?.body), /Ticket from the user hook: ABC-7/);
  });
});
