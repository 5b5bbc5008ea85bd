import * as path from 'node:path';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PassThrough } from 'node:stream';
import type { McpStdioLaunch, McpTransportFactory, McpTransportHandle } from '../core/host/mcpTransportFactory';
import type { CommandSandbox, SandboxedLaunch } from './sandbox/commandSandbox';

/** Where a workspace's stdio server runs: undefined when no sandbox can run here. */
export interface McpServerSandbox {
  available(): Promise<boolean>;
  launch(command: string, cwd: string, environment: Readonly<Record<string, string>>, keptReadable: readonly string[]): Promise<SandboxedLaunch | undefined>;
}

/** The command sandbox, where it can run. */
export function mcpServerSandbox(sandbox: CommandSandbox): McpServerSandbox {
  const available = async () => (await sandbox.status()).available;
  return {
    available,
    launch: async (command, cwd, environment, keptReadable) => ((await available()) ? sandbox.launchCommand(command, cwd, environment, keptReadable) : undefined),
  };
}

/**
 * Stdio servers from the workspace's own configuration start inside the command sandbox: a
 * repository wrote their command, and the model can rewrite the workspace files it runs. Only
 * the sandbox's environment and the configuration's own `env` entries reach them; servers from
 * the user's configuration start as they are.
 */
export function sandboxingWorkspaceServers(base: McpTransportFactory, sandbox: McpServerSandbox): McpTransportFactory {
  return {
    stdio: (launch) => (launch.fromWorkspace === true ? sandboxedStdio(base, sandbox, launch) : base.stdio(launch)),
    streamableHttp: (endpoint) => base.streamableHttp(endpoint),
    sse: (endpoint) => base.sse(endpoint),
  };
}

function sandboxedStdio(base: McpTransportFactory, sandbox: McpServerSandbox, launch: McpStdioLaunch): McpTransportHandle {
  const stderr = new PassThrough();
  const transport = new SandboxedStdioTransport(base, sandbox, launch, stderr);
  return { transport, stderr, pid: () => transport.pid() };
}

/** Quoted for `sh -c`, and exec'd so the server is the sandbox's process. */
function shellCommand(words: readonly string[]): string {
  return `exec ${words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ')}`;
}

/** Starts the real stdio transport once the sandbox's launch is known, and passes everything through. */
class SandboxedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private inner: McpTransportHandle | undefined;

  constructor(
    private readonly base: McpTransportFactory,
    private readonly sandbox: McpServerSandbox,
    private readonly launch: McpStdioLaunch,
    private readonly stderr: PassThrough,
  ) {}

  pid(): number | undefined {
    return this.inner?.pid();
  }

  async start(): Promise<void> {
    const cwd = this.launch.cwd ?? process.cwd();
    const sandboxed = await this.sandbox.launch(shellCommand([this.launch.command, ...this.launch.args]), cwd, this.launch.env, installedPackagesNamed([this.launch.command, ...this.launch.args]));
    const inner = sandboxed === undefined
      ? this.base.stdio({ ...this.launch, fromWorkspace: false })
      : this.base.stdio({ command: sandboxed.file, args: sandboxed.args, env: sandboxed.env, cwd, fromWorkspace: false });
    this.inner = inner;
    inner.stderr?.pipe(this.stderr);
    inner.transport.onmessage = (message) => this.onmessage?.(message);
    inner.transport.onerror = (error) => this.onerror?.(error);
    inner.transport.onclose = () => {
      void sandboxed?.finish().catch(() => undefined);
      this.onclose?.();
    };
    await inner.transport.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.inner === undefined) throw new Error('The MCP server has not started.');
    await this.inner.transport.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner?.transport.close();
  }
}

/**
 * The `node_modules` folders holding the packages a server's command line names by absolute path
 * (`node /opt/x/node_modules/pkg/dist/index.js`): installed code, kept readable where the
 * sandbox's private `/tmp` would cover it. Nothing else outside the workspace is added.
 */
function installedPackagesNamed(words: readonly string[]): string[] {
  const folders = words.flatMap((word) => {
    if (!path.isAbsolute(word)) return [];
    const index = word.split(path.sep).indexOf('node_modules');
    return index <= 0 ? [] : [word.split(path.sep).slice(0, index + 1).join(path.sep)];
  });
  return [...new Set(folders)];
}
