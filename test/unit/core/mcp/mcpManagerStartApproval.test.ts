import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import type { McpServerConfig } from '../../../../src/core/mcp/mcpServerConfig';
import type { McpStartApproval } from '../../../../src/core/mcp/mcpStartApproval';
import { everythingServerScript, isRunning, mcpManagerOf, nodeServer, silentServerArgs, waitUntil } from '../../../support/mcpServers';
import { settlesWithin } from '../../../support/settlesWithin';

/** Approves the servers named in `approvedNames`; the others ask, and the test answers. */
class ScriptedApproval implements McpStartApproval {
  readonly approvedNames = new Set<string>();
  readonly asked: string[] = [];
  readonly configuredNames: string[][] = [];
  private readonly answers = new Map<string, (start: boolean) => void>();

  configured(servers: readonly McpServerConfig[]): void {
    this.configuredNames.push(servers.map((server) => server.name));
  }

  approved(server: McpServerConfig): boolean {
    return this.approvedNames.has(server.name);
  }

  ask(server: McpServerConfig): Promise<boolean> {
    this.asked.push(server.name);
    return new Promise((resolve) => this.answers.set(server.name, resolve));
  }

  answer(name: string, start: boolean): void {
    const resolve = this.answers.get(name);
    if (resolve === undefined) throw new Error(`Nobody asked about ${name}.`);
    this.answers.delete(name);
    if (start) this.approvedNames.add(name);
    resolve(start);
  }
}

describe('McpManager: servers that need approval before they start', function () {
  this.timeout(30_000);
  let base: string;
  let managers: McpManager[] = [];
  const signal = new AbortController().signal;

  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-mcp-approval-'));
  });
  afterEach(async () => {
    await Promise.all(managers.map((manager) => manager.dispose()));
    managers = [];
    await fs.rm(base, { recursive: true, force: true });
  });

  function managed(servers: () => McpServerConfig[], approval: McpStartApproval): McpManager {
    const manager = mcpManagerOf([], { loadConfig: async () => ({ servers: servers(), problems: [] }), startApproval: approval });
    managers.push(manager);
    return manager;
  }

  const stateOf = (manager: McpManager, name: string) => manager.status().servers.find((server) => server.name === name);
  const started = async (pidFile: string): Promise<boolean> => fs.access(pidFile).then(() => true, () => false);

  it('waits for the answer without holding up the run, starts nothing before a yes, and starts on one', async () => {
    const approval = new ScriptedApproval();
    approval.approvedNames.add('known');
    const pidFile = path.join(base, 'added.pid');
    const manager = managed(() => [nodeServer('known', [everythingServerScript]), nodeServer('added', silentServerArgs(pidFile))], approval);

    assert.ok(await settlesWithin(manager.prepare(signal), 10_000), 'the run waited for the answer');
    assert.deepEqual(approval.configuredNames, [['known', 'added']]);
    assert.deepEqual(approval.asked, ['added']);
    assert.equal(stateOf(manager, 'known')?.state, 'connected', 'an approved server starts without asking');
    assert.deepEqual(
      [stateOf(manager, 'added')?.state, stateOf(manager, 'added')?.error],
      ['awaitingApproval', 'Not started until you approve it.'],
    );
    await manager.prepare(signal);
    assert.deepEqual(approval.asked, ['added'], 'asked once');
    assert.equal(await started(pidFile), false, 'nothing started while waiting');

    approval.answer('added', true);
    await waitUntil(() => stateOf(manager, 'added')?.state === 'connecting', 'the approved server starts');
    await waitUntil(() => existsSync(pidFile), 'its process runs', 10_000);
    const pid = Number(await fs.readFile(pidFile, 'utf8'));
    await manager.dispose();
    await waitUntil(() => !isRunning(pid), 'the server ended');
  });

  it('leaves a declined server stopped with a status saying so; Restart asks again', async () => {
    const approval = new ScriptedApproval();
    const pidFile = path.join(base, 'declined.pid');
    const manager = managed(() => [nodeServer('declined', silentServerArgs(pidFile))], approval);
    await manager.prepare(signal);
    approval.answer('declined', false);
    await waitUntil(() => stateOf(manager, 'declined')?.state === 'declined', 'the server is declined');
    assert.equal(stateOf(manager, 'declined')?.error, 'Not started: you chose not to start it. Restart asks again.');
    await manager.prepare(signal);
    await manager.reload();
    assert.deepEqual(approval.asked, ['declined'], 'not asked again by a run or a reload');
    assert.equal(await started(pidFile), false);

    await manager.restart('declined');
    assert.deepEqual(approval.asked, ['declined', 'declined']);
    assert.equal(stateOf(manager, 'declined')?.state, 'awaitingApproval');
    assert.equal(await started(pidFile), false, 'Restart does not start it unasked');
  });

  it('asks at once about a server added while servers run, and again about one whose command changed', async () => {
    const approval = new ScriptedApproval();
    approval.approvedNames.add('everything');
    let servers = [nodeServer('everything', [everythingServerScript])];
    const manager = managed(() => servers, approval);
    await manager.prepare(signal);
    assert.deepEqual(approval.asked, []);

    servers = [...servers, nodeServer('added', silentServerArgs(path.join(base, 'added.pid')))];
    await manager.reload();
    assert.deepEqual(approval.asked, ['added']);
    assert.equal(stateOf(manager, 'added')?.state, 'awaitingApproval');

    // The approval is the host's to judge by configuration; here a changed command is no longer approved.
    approval.approvedNames.delete('everything');
    servers = [nodeServer('everything', [everythingServerScript, 'stdio']), ...servers.slice(1)];
    await manager.reload();
    assert.deepEqual(approval.asked, ['added', 'everything']);
    assert.equal(stateOf(manager, 'everything')?.state, 'awaitingApproval');
  });

  it('does not start an unapproved server that is turned off and on again', async () => {
    const approval = new ScriptedApproval();
    const pidFile = path.join(base, 'toggled.pid');
    let disabled = false;
    const manager = managed(() => [nodeServer('toggled', silentServerArgs(pidFile), { disabled })], approval);
    await manager.prepare(signal);
    assert.equal(stateOf(manager, 'toggled')?.state, 'awaitingApproval');
    disabled = true;
    await manager.reload();
    assert.equal(stateOf(manager, 'toggled')?.state, 'disabled');
    approval.answer('toggled', true);
    disabled = false;
    approval.approvedNames.delete('toggled');
    await manager.reload();
    assert.equal(stateOf(manager, 'toggled')?.state, 'awaitingApproval');
    assert.equal(await started(pidFile), false);
  });
});
