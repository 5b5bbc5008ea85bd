import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { HookRunRequest } from '../../../src/core/host/hookRunner';
import { ChildProcessHookRunner } from '../../../src/node/childProcessHookRunner';
import { createSandboxFixture, type SandboxFixture } from '../../support/sandboxRun';

/** A Node one-liner (node is on every machine that runs these tests). */
const node = (script: string): string => `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`;

describe('ChildProcessHookRunner', function () {
  this.timeout(30_000);
  let fixture: SandboxFixture;

  beforeEach(async () => {
    fixture = await createSandboxFixture({}, ({ home }) => ({ ...process.env, HOME: home, OPENAI_API_KEY: 'sk-elbow-key' }));
  });
  afterEach(() => fixture.cleanup());

  function request(command: string, sandboxed: boolean, more: Partial<HookRunRequest> = {}): HookRunRequest {
    return { command, stdin: '{"hook_event_name":"PreToolUse","tool_name":"Bash"}', cwd: fixture.root, timeoutMs: 10_000, sandboxed, env: { CLAUDE_PROJECT_DIR: fixture.root }, signal: new AbortController().signal, ...more };
  }

  it('gives the event\'s JSON on stdin and keeps stdout, stderr and the exit code apart', async () => {
    const runner = new ChildProcessHookRunner({ shell: '/bin/sh' });
    const script = 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>{const e=JSON.parse(s);process.stdout.write(e.tool_name+" "+process.env.CLAUDE_PROJECT_DIR);process.stderr.write("denied");process.exit(2);})';
    const result = await runner.run(request(node(script), false));
    assert.deepEqual(result, { exitCode: 2, stdout: `Bash ${fixture.root}`, stderr: 'denied', ending: 'exited' });
  });

  it('stops a hook that runs past its timeout', async () => {
    const runner = new ChildProcessHookRunner({ shell: '/bin/sh' });
    const started = Date.now();
    const result = await runner.run(request('sleep 20', false, { timeoutMs: 300 }));
    assert.equal(result.ending, 'timedOut');
    assert.ok(Date.now() - started < 5_000);
  });

  it('runs a workspace\'s hook in the sandbox: it cannot write outside the workspace, read ~/.ssh or see the keys in the environment', async function () {
    if (process.platform !== 'linux') this.skip();
    await fs.mkdir(path.join(fixture.home, '.ssh'));
    await fs.writeFile(path.join(fixture.home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
    const runner = new ChildProcessHookRunner({ shell: '/bin/sh', sandbox: fixture.sandbox });
    assert.deepEqual(await runner.sandboxAvailable(), { available: true });
    const hook = `touch ../escaped; cat "${fixture.home}/.ssh/id_ed25519"; echo "key=$OPENAI_API_KEY dir=$CLAUDE_PROJECT_DIR"; touch inside`;
    const result = await runner.run(request(hook, true));
    await assert.rejects(fs.stat(path.join(fixture.base, 'escaped')), 'nothing written outside the workspace');
    await fs.stat(path.join(fixture.root, 'inside'));
    assert.doesNotMatch(result.stdout, /PRIVATE KEY/);
    assert.match(result.stdout, new RegExp(`^key= dir=${fixture.root}$`, 'm'));
  });

  it('runs the user\'s own hook with the user\'s rights', async () => {
    const runner = new ChildProcessHookRunner({ shell: '/bin/sh', sandbox: fixture.sandbox });
    const result = await runner.run(request('touch ../by-user && echo done', false));
    assert.equal(result.exitCode, 0);
    await fs.stat(path.join(fixture.base, 'by-user'));
  });

  it('does not run a sandboxed hook where there is no sandbox', async () => {
    const runner = new ChildProcessHookRunner({ shell: '/bin/sh' });
    const result = await runner.run(request('touch ran', true));
    assert.equal(result.ending, 'notStarted');
    await assert.rejects(fs.stat(path.join(fixture.root, 'ran')));
  });
});
