import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { seccompFilter } from '../../../../src/node/sandbox/seccompFilter';
import { createSandboxFixture, runInSandbox, type SandboxFixture } from '../../../support/sandboxRun';

/** Runs a sandboxed command from a parent that holds `witness` open, for appending, on descriptor 200 (as a shell that started Elbow may). */
async function runWithInheritedDescriptor(fixture: SandboxFixture, command: string, witness: string): Promise<string> {
  const launch = await fixture.sandbox.launchCommand(command, fixture.root);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', 'exec 200>>"$0"; exec "$@"', witness, launch.file, ...launch.args], { env: launch.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  await launch.finish();
  return output;
}

describe('the sandbox launcher and its private folder', function () {
  this.timeout(60_000);
  let fixture: SandboxFixture;

  beforeEach(async function () {
    if (process.platform !== 'linux') this.skip();
  });
  afterEach(async () => {
    await fixture?.cleanup();
  });

  it('passes no descriptor the parent inherited on to the command', async () => {
    fixture = await createSandboxFixture();
    const witness = path.join(fixture.base, 'witness.txt');
    await fs.writeFile(witness, '');
    const output = await runWithInheritedDescriptor(fixture, 'echo ESCAPED >&200; ls /proc/self/fd', witness);
    assert.equal(await fs.readFile(witness, 'utf8'), '', `the command wrote through the inherited descriptor: ${output}`);
    assert.doesNotMatch(output, /^200$/m);
  });

  it('keeps the seccomp program out of reach when the temp folder is inside the workspace', async () => {
    fixture = await createSandboxFixture();
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = path.join(fixture.root, '.tmp');
    await fs.mkdir(process.env.TMPDIR);
    try {
      const first = await runInSandbox(fixture.sandbox, 'for f in .tmp/elbow-sandbox-*/seccomp.bpf; do printf "\\006\\000\\000\\000\\000\\000\\377\\177" > "$f"; done; ls -a .tmp/elbow-sandbox-*', fixture.root);
      const [privateFolder] = (await fs.readdir(process.env.TMPDIR)).filter((name) => name.startsWith('elbow-sandbox-'));
      assert.ok(privateFolder, 'the private folder is in the workspace, as TMPDIR asks');
      const filter = await fs.readFile(path.join(process.env.TMPDIR, privateFolder, 'seccomp.bpf'));
      assert.deepEqual(filter, seccompFilter(), `the command rewrote the seccomp program: ${first.output}`);
      const second = await runInSandbox(fixture.sandbox, `/usr/bin/python3 -c "import socket; socket.socket(socket.AF_UNIX); print('UNIX SOCKET')"`, fixture.root);
      assert.doesNotMatch(second.output, /UNIX SOCKET/);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  });

  it('keeps a hidden folder hidden when the command starts in it through a link', async () => {
    fixture = await createSandboxFixture();
    await fs.writeFile(path.join(fixture.root, '.elbowignore'), 'secrets/\n');
    await fs.mkdir(path.join(fixture.root, 'secrets'));
    await fs.writeFile(path.join(fixture.root, 'secrets', 'key.txt'), 'CANARY-HIDDEN-FOLDER\n');
    await fs.symlink('secrets', path.join(fixture.root, 'd'));
    const run = await runInSandbox(fixture.sandbox, 'cat key.txt', path.join(fixture.root, 'd'));
    assert.doesNotMatch(run.output, /CANARY-HIDDEN-FOLDER/);
  });
});
