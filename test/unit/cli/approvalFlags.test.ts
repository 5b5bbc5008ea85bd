import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { flagFor, preApprovedClasses, refusalLine, unattendedHint } from '../../../src/cli/approvalFlags';
import type { ApprovalRequest } from '../../../src/core/host/approvals';
import { buildCliOnce } from '../../support/elbowCli';
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
