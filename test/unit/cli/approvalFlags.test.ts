import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { flagFor, preApprovedClasses, refusalLine, unattendedHint } from '../../../src/cli/approvalFlags';
import type { ApprovalRequest } from '../../../src/core/host/approvals';
import { buildCliOnce, elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall } from '../../support/fakeLlmServer';
import { playRow, prepareRow } from './sandboxAttacks/attackHarness';
import { flagGatedRows } from './sandboxAttacks/attackRowsApprovals';

const noFlags = { yes: false, allowReadOutsideWorkspace: false, allowProtectedWrites: false, allowUnsandboxedCommands: false };
const readSsh: ApprovalRequest = { kind: 'outsideWorkspace', toolCallId: 'c', toolName: 'read_file', path: '/home/me/.ssh/id_rsa', access: 'read' };
const npmrc: ApprovalRequest = { kind: 'protectedFile', toolCallId: 'c', toolName: 'write_file', path: '.npmrc', action: 'create', why: 'npm runs what it names', diff: '' };

describe('approval flags', () => {
  it('--yes approves what the sandbox contains and the tools of running MCP servers, nothing else', () => {
    assert.deepEqual([...preApprovedClasses({ ...noFlags, yes: true })].sort(), ['continue', 'mcpTool', 'sandboxedCommand']);
  });

  it('each --allow-… flag approves its own class and implies no other', () => {
    assert.deepEqual([...preApprovedClasses({ ...noFlags, allowReadOutsideWorkspace: true })], ['readOutsideWorkspace']);
    assert.deepEqual([...preApprovedClasses({ ...noFlags, allowProtectedWrites: true })], ['protectedFile']);
    assert.deepEqual([...preApprovedClasses({ ...noFlags, allowUnsandboxedCommands: true })], ['unsandboxedCommand']);
  });

  it('a refusal names the flag that would allow it, to the user and to the model', () => {
    assert.equal(flagFor(readSsh), '--allow-read-outside-workspace');
    assert.equal(refusalLine('read /home/me/.ssh/id_rsa', readSsh), 'elbow: refused without approval: read /home/me/.ssh/id_rsa. Run with --allow-read-outside-workspace to allow it.\n');
    assert.match(unattendedHint(npmrc), /re-run it with --allow-protected-writes to allow this \(--yes does not allow it\)/);
  });
});

/** The same actions the attack table refuses under --yes go through with the flag that names them: the rows attempt something real. */
describe('approval flags through the real CLI', function () {
  this.timeout(120_000);
  let root: string;

  before(async function () {
    if (process.platform !== 'linux') this.skip();
    buildCliOnce();
    root = await fs.mkdtemp('/var/tmp/elbow-approval-flags-');
  });
  after(async () => {
    if (root !== undefined) await fs.rm(root, { recursive: true, force: true });
  });

  for (const [index, row] of flagGatedRows.entries()) {
    it(`${row.name}, with ${row.allowedBy}: ${row.whenAllowed}`, async () => {
      const allowed = { ...row, flags: [...(row.flags ?? ['--yes']), row.allowedBy] };
      const outcome = await playRow(allowed, await prepareRow(allowed, path.join(root, String(index))));
      assert.ok(outcome.run.stdout.includes('Done.'), `the run went to its end: ${outcome.run.stderr}`);
      assert.ok(outcome.violations.includes(row.whenAllowed), `expected "${row.whenAllowed}", got ${JSON.stringify(outcome.violations)}; stderr: ${outcome.run.stderr}`);
    });
  }
});

describe('elbow -p --yes refusing what only a flag allows', function () {
  this.timeout(30_000);
  const fixture = useCliFixture();

  it('tells the model and, on stderr, the user which flag would allow it', async () => {
    const { server, cwd } = fixture;
    const outside = `${cwd}-outside.txt`;
    await fs.writeFile(outside, 'SECRET-OUTSIDE\n');
    try {
      server.enqueue(
        { kind: 'reply', content: [toolCall('read_file', { path: outside })] },
        { kind: 'reply', content: [toolCall('write_file', { path: '.npmrc', content: 'script-shell=./evil.sh\n' })] },
        { kind: 'reply', content: [text('Done.')] },
      );
      const run = await runElbow(['-p', 'look', '--yes', '--cwd', cwd], elbowEnvironment(server, 'openai'));
      assert.equal(run.code, 0, run.stderr);
      assert.ok(run.stderr.includes(`elbow: refused without approval: read ${outside}, which is outside the workspace. Run with --allow-read-outside-workspace to allow it.\n`), run.stderr);
      assert.match(run.stderr, /elbow: refused without approval: create \.npmrc, which is protected because [^\n]*\. Run with --allow-protected-writes to allow it\.\n/);
      const sent = JSON.stringify(server.requests.map((request) => request.body));
      assert.match(sent, /nobody is there to give it\. Elbow runs without a user to ask here; the user can re-run it with --allow-read-outside-workspace to allow this \(--yes does not allow it\)/);
      assert.match(sent, /re-run it with --allow-protected-writes/);
      assert.doesNotMatch(sent, /SECRET-OUTSIDE/);
      await assert.rejects(fs.stat(path.join(cwd, '.npmrc')));
    } finally {
      await fs.rm(outside, { force: true });
    }
  });
});
