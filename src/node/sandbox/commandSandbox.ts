import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SandboxStatus } from '../../core/host/commandRunner';
import type { SandboxSettings } from '../../core/sandbox/sandboxSettings';
import { NodeFileSystem } from '../nodeFileSystem';
import { parseAllowedHosts } from './allowedHosts';
import { buildSandboxPlan } from './buildSandboxPlan';
import { FilteringProxy } from './filteringProxy';
import { ProtectedPathsGuard } from './protectedPathsGuard';
import { createSandboxBackend } from './createSandboxBackend';
import { guardUntilExit, type ExitGuarded } from './exitGuard';
import type { SandboxBackend } from './sandboxBackend';
import type { SandboxNetwork } from './sandboxPlan';

export interface CommandSandboxOptions {
  roots(): readonly string[];
  settings(): SandboxSettings;
  /** Elbow's own storage, hidden from commands like credentials. */
  ownDataFolders(): readonly string[];
  /** Paths outside the workspace every command may read, wherever they are (a worktree's repository). */
  readablePaths?(): readonly string[];
  /** Where protected files that commands created are moved. */
  quarantineFolder: string;
  environment?: Readonly<Record<string, string | undefined>>;
  homeDirectory?: string;
  platform?: NodeJS.Platform;
  /** Why there is no sandbox when the settings turn it off, as the user turned it off (a setting, a flag). */
  turnedOff?: string;
  log?(message: string): void;
}

/** How to start one sandboxed process. */
export interface SandboxedLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** The process started, leading its own process group `groupId`: killed and checked should Elbow end first. */
  started(groupId: number): void;
  /** Once the process ended: moves aside protected files it created, removes placeholders; what the model should know. */
  finish(): Promise<string[]>;
}

/** A sandboxed interactive shell, for a terminal the user watches. */
export interface SandboxedShell extends SandboxedLaunch {
  /** Differs when the sandbox would (settings, protected or hidden paths changed): time for a new shell. */
  key: string;
  /** After each command: moves aside protected files that appeared. */
  check(): Promise<string[]>;
}

/** Inside its own network namespace the sandbox may use any port for the bridge to the proxy. */
const PROXY_PORT_INSIDE = 3128;
/** The proxy's socket, in a folder of the private root that is mounted read-only in the private /tmp. */
const PROXY_FOLDER = 'proxy';
const PROXY_FOLDER_INSIDE = '/tmp/.elbow-proxy';
const PROXY_SOCKET_NAME = 'proxy.sock';

/**
 * Runs commands in the OS sandbox: bubblewrap on Linux, Seatbelt on macOS. Each launch gets a
 * plan made from the workspace as it is then (protected and hidden paths), the user's settings,
 * a private temp folder and, when hosts are allowed, Elbow's filtering proxy as its only network.
 */
export class CommandSandbox {
  private readonly files = new NodeFileSystem();
  private readonly guard: ProtectedPathsGuard;
  private backend: Promise<{ backend: SandboxBackend; privateRoot: string } | { reason: string }> | undefined;
  private proxy: Promise<{ proxy: FilteringProxy; network: SandboxNetwork } | { reason: string }> | undefined;
  private privateRoot: string | undefined;
  private readonly warned = new Set<string>();

  constructor(private readonly options: CommandSandboxOptions) {
    this.guard = new ProtectedPathsGuard(options.quarantineFolder);
  }

  async status(): Promise<SandboxStatus> {
    if (!this.options.settings().enabled) return { available: false, reason: this.options.turnedOff ?? 'the sandbox is turned off in the settings (elbow.sandbox.enabled)' };
    const found = await this.setUp();
    if ('reason' in found) return { available: false, reason: found.reason };
    return { available: true, shell: found.backend.shell, description: found.backend.description };
  }

  /** `keptReadable`: paths outside the workspace the command must read even where the private `/tmp` covers them. */
  async launchCommand(command: string, cwd: string, extraEnvironment: Readonly<Record<string, string>> = {}, keptReadable: readonly string[] = []): Promise<SandboxedLaunch> {
    const { backend, plan, protection } = await this.plan(cwd, extraEnvironment, keptReadable);
    const invocation = backend.invocation(plan, ['-c', command]);
    const guarded: ExitGuarded = { releaseNow: () => protection.releaseNow(), log: this.options.log };
    const unguard = guardUntilExit(guarded);
    return { ...invocation, env: { ...plan.environment }, started: (groupId) => (guarded.groupId = groupId), finish: () => protection.release().finally(unguard) };
  }

  /**
   * `shellArguments`: what the shell gets to be interactive with the editor's shell integration;
   * `keptReadable`: what those arguments name, readable in the sandbox wherever it is.
   */
  async launchShell(
    cwd: string,
    shellArguments: (shell: string) => string[],
    extraEnvironment: Readonly<Record<string, string>> = {},
    keptReadable: readonly string[] = [],
  ): Promise<SandboxedShell> {
    const { backend, plan, protection } = await this.plan(cwd, extraEnvironment, keptReadable);
    const invocation = backend.invocation(plan, shellArguments(backend.shell));
    const key = createHash('sha256').update(JSON.stringify({ ...plan, cwd: '', identity: protection.identity })).digest('hex');
    const guarded: ExitGuarded = { releaseNow: () => protection.releaseNow(), log: this.options.log };
    const unguard = guardUntilExit(guarded);
    return {
      ...invocation,
      env: { ...plan.environment },
      key,
      started: (groupId) => (guarded.groupId = groupId),
      check: () => protection.check(),
      finish: () => protection.release().finally(unguard),
    };
  }

  async dispose(): Promise<void> {
    const proxy = await this.proxy;
    if (proxy !== undefined && 'proxy' in proxy) await proxy.proxy.close();
    if (this.privateRoot !== undefined) {
      leftAtExit.delete(this.privateRoot);
      await fs.rm(this.privateRoot, { recursive: true, force: true });
    }
  }

  private async plan(cwd: string, extraEnvironment: Readonly<Record<string, string>> = {}, keptReadable: readonly string[] = []) {
    const found = await this.setUp();
    if ('reason' in found) throw new Error(`The sandbox cannot run here: ${found.reason}.`);
    const settings = this.options.settings();
    const network = await this.network(settings, found.backend, found.privateRoot);
    const built = await buildSandboxPlan({
      roots: this.options.roots(),
      cwd,
      settings,
      homeDirectory: this.options.homeDirectory ?? os.homedir(),
      ownDataFolders: this.options.ownDataFolders(),
      privateTemp: path.join(found.privateRoot, 'tmp'),
      tempInside: found.backend.tempInside(path.join(found.privateRoot, 'tmp')),
      environment: this.options.environment ?? process.env,
      extraEnvironment,
      network,
      files: this.files,
      guard: this.guard,
      needsPlaceholders: found.backend.mountsPaths,
      keptReadable: [...keptReadable, ...(this.options.readablePaths?.() ?? [])],
    });
    for (const warning of built.warnings) this.warnOnce(warning);
    return { backend: found.backend, plan: built.plan, protection: built.protection };
  }

  private setUp(): Promise<{ backend: SandboxBackend; privateRoot: string } | { reason: string }> {
    this.backend ??= (async () => {
      // Real path: Seatbelt matches resolved paths (/private/var/… for /var/… on macOS).
      const privateRoot = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-sandbox-')));
      await fs.mkdir(path.join(privateRoot, 'tmp'), { mode: 0o700 });
      this.privateRoot = privateRoot;
      removeAtExit(privateRoot);
      const backend = await createSandboxBackend(this.options.platform ?? process.platform, privateRoot, this.options.environment ?? process.env);
      return 'reason' in backend ? backend : { backend, privateRoot };
    })();
    return this.backend;
  }

  private async network(settings: SandboxSettings, backend: SandboxBackend, privateRoot: string): Promise<SandboxNetwork> {
    const parsed = parseAllowedHosts(settings.allowedHosts);
    for (const problem of parsed.problems) this.warnOnce(`elbow.sandbox.allowedHosts: ${problem}; the entry is left out.`);
    if (parsed.hosts.length === 0) return { kind: 'none' };
    this.proxy ??= (async () => {
      const socketFolder = path.join(privateRoot, PROXY_FOLDER);
      await fs.mkdir(socketFolder, { recursive: true, mode: 0o700 });
      const socketPath = path.join(socketFolder, PROXY_SOCKET_NAME);
      const proxyNetwork = backend.proxyNetwork({ socketFolder, socketInside: `${PROXY_FOLDER_INSIDE}/${PROXY_SOCKET_NAME}`, portInside: PROXY_PORT_INSIDE });
      if ('reason' in proxyNetwork) return proxyNetwork;
      const started = await FilteringProxy.start(proxyNetwork.listen === 'socket' ? { socketPath } : { port: 0 }, {
        hosts: () => parseAllowedHosts(this.options.settings().allowedHosts).hosts,
        onRefused: (target, why) => this.options.log?.(`Sandbox proxy refused ${target}: ${why}`),
      });
      return { proxy: started.proxy, network: proxyNetwork.network(started.port) };
    })();
    const proxy = await this.proxy;
    if ('reason' in proxy) {
      this.warnOnce(`Allowed hosts need ${proxy.reason}; sandboxed commands get no network until then.`);
      return { kind: 'none' };
    }
    return proxy.network;
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.options.log?.(message);
  }
}

/** Private folders left when the process ends without disposing its sandbox (one exit handler for them all). */
const leftAtExit = new Set<string>();
let removesAtExit = false;

function removeAtExit(folder: string): void {
  if (!removesAtExit) process.once('exit', () => leftAtExit.forEach((left) => rmSync(left, { recursive: true, force: true })));
  removesAtExit = true;
  leftAtExit.add(folder);
}
