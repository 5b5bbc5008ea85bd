import assert from 'node:assert/strict';
import type { ApprovalRequest, Approvals } from '../../../../src/core/host/approvals';
import type { SandboxStatus } from '../../../../src/core/host/commandRunner';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate, type CommandCheck } from '../../../../src/core/permissions/permissionGate';

/** Answers yes to everything and remembers what it was asked. */
function recordingApprovals(): Approvals & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return { asked, request: async (request) => (asked.push(request), { approved: true }) };
}

const signal = new AbortController().signal;
const sandboxed: SandboxStatus = { available: true, shell: '/bin/bash', description: 'the test sandbox' };
const noSandbox: SandboxStatus = { available: false, reason: 'no bubblewrap here' };

function commandCheck(command: string, sandbox: SandboxStatus): CommandCheck {
  return { command, cwd: '/ws', cwdDisplay: '.', toolCallId: 'c', signal, roots: ['/ws'], isHidden: () => false, platform: 'linux', shell: '/bin/bash', homeDirectory: '/home/me', sandbox };
}

/** VS Code's auto-approve switch reaches the gate as the `autoApprove` setting. */
describe('PermissionGate with auto-approve on (VS Code\'s switch)', () => {
  const gateWith = (approvals: Approvals): PermissionGate => new PermissionGate({ settings: new FixedPermissionSettings({ autoApprove: true }), approvals });

  it('runs a command that would ask in the sandbox without asking', async () => {
    const approvals = recordingApprovals();
    const decision = await gateWith(approvals).checkCommand(commandCheck('npm install', sandboxed));
    assert.deepEqual(decision, { permission: 'autoApprove', sandboxed: true });
    assert.equal(approvals.asked.length, 0);
  });

  it('asks about a command where no sandbox runs: auto-approve never lets one run with the user\'s full rights', async () => {
    const approvals = recordingApprovals();
    const decision = await gateWith(approvals).checkCommand(commandCheck('npm install', noSandbox));
    assert.deepEqual(decision, { permission: 'user', sandboxed: false });
    assert.deepEqual(approvals.asked.map((request) => request.kind === 'command' && request.placement.kind), ['noSandbox']);
  });

  it('asks about a command the model wants outside the sandbox', async () => {
    const approvals = recordingApprovals();
    await gateWith(approvals).checkCommand({ ...commandCheck('npm install', sandboxed), outsideSandboxReason: 'needs the network' });
    assert.equal(approvals.asked.length, 1);
  });

  it('asks about a read outside the workspace and a change to a protected file', async () => {
    const approvals = recordingApprovals();
    const gate = gateWith(approvals);
    await gate.checkOutsideWorkspace('read', '/home/me/.ssh/id_rsa', { toolName: 'read_file', toolCallId: 'c', signal });
    await gate.checkProtectedFile({ toolCallId: 'c', toolName: 'write_file', path: '.npmrc', action: 'create', why: 'npm runs what it names', diff: '' }, signal);
    assert.deepEqual(approvals.asked.map((request) => request.kind), ['outsideWorkspace', 'protectedFile']);
  });
});

describe('PermissionGate with classes approved up front (the terminal\'s flags)', () => {
  it('approves only the classes named, and asks about the rest', async () => {
    const approvals = recordingApprovals();
    const gate = new PermissionGate({ settings: new FixedPermissionSettings(), approvals, preApproved: new Set(['sandboxedCommand']) });
    assert.deepEqual(await gate.checkCommand(commandCheck('npm install', sandboxed)), { permission: 'user', sandboxed: true });
    await gate.checkOutsideWorkspace('read', '/home/me/.ssh/id_rsa', { toolName: 'read_file', toolCallId: 'c', signal });
    await gate.checkCommand(commandCheck('npm install', noSandbox));
    assert.deepEqual(approvals.asked.map((request) => request.kind), ['outsideWorkspace', 'command']);
  });

  it('refuses the rest when nobody can answer, with the hint for that request', async () => {
    const refused: string[] = [];
    const gate = new PermissionGate({
      settings: new FixedPermissionSettings(),
      preApproved: new Set(['sandboxedCommand']),
      unattendedHint: (request) => `hint for ${request.kind}`,
      onUnattendedRefusal: (what) => refused.push(what),
    });
    await assert.rejects(gate.checkOutsideWorkspace('read', '/home/me/.ssh/id_rsa', { toolName: 'read_file', toolCallId: 'c', signal }), /nobody is there to give it\. hint for outsideWorkspace/);
    assert.deepEqual(refused, ['read /home/me/.ssh/id_rsa, which is outside the workspace']);
  });
});
