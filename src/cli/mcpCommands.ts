import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { usesOAuth } from '../core/mcp/auth/mcpOAuth';
import { McpOAuthRecords, oauthSubject } from '../core/mcp/auth/mcpOAuthRecord';
import type { McpLog } from '../core/mcp/mcpServerConnection';
import { elbowDataFolder } from '../node/dataFolder';
import { UsageError } from './cliArguments';
import { cliMcpAuth } from './cliMcpAuth';
import { cliMcpLog } from './cliMcpLog';
import { mcpCommandsUsage } from './mcpCommandsUsage';
import { createCliMcp, type CliMcp } from './createCliMcp';
import { printable } from './printable';
import { trustStoreFile, TrustedContentStore } from './trustedContentStore';

export interface McpCommandOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
}

/** `elbow mcp …`; `undefined` when `argv` is another command. Returns the exit code. */
export function mcpCommand(argv: readonly string[], output: McpCommandOutput, clientVersion: string): Promise<number> | undefined {
  if (argv[0] !== 'mcp') return undefined;
  return runMcpCommand(argv.slice(1), output, clientVersion);
}

async function runMcpCommand(argv: readonly string[], output: McpCommandOutput, clientVersion: string): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== 'login' && action !== 'logout' && action !== 'list') throw new UsageError(`elbow mcp takes login, logout or list:\n${mcpCommandsUsage}`);
  const { values, positionals } = parse(rest);
  const server = positionals[0];
  if (action !== 'list' && (server === undefined || positionals.length > 1)) throw new UsageError(`elbow mcp ${action} takes one server name, e.g. elbow mcp ${action} github.`);
  const dataFolder = elbowDataFolder(process.env, { platform: process.platform, home: os.homedir() });
  const auth = cliMcpAuth(dataFolder, action === 'login' ? { writeErr: output.writeErr } : undefined);
  const mcp = createCliMcp({
    root: folderOf(values.cwd),
    extraFiles: values['mcp-config'] ?? [],
    store: new TrustedContentStore(trustStoreFile(dataFolder), (message) => output.writeErr(`elbow: ${message}\n`)),
    trustWorkspace: values['trust-workspace'] ?? false,
    clientVersion,
    // Logging in reports the connection it makes; the others only the configuration's problems.
    log: action === 'login' ? cliMcpLog(output.writeErr) : configurationLog(output.writeErr),
    writeErr: output.writeErr,
    auth,
  });
  try {
    await mcp.manager.reload();
    if (action === 'list') return await list(mcp, new McpOAuthRecords(auth.credentials), output);
    const name = server ?? '';
    const connection = mcp.manager.connection(name);
    if (connection === undefined) {
      const names = mcp.manager.serverNames();
      const configured = names.length === 0 ? '' : ` (configured: ${names.join(', ')})`;
      output.writeErr(`elbow: no MCP server is named ${JSON.stringify(name)}${configured}. A server of the workspace's own .elbow/mcp.json or .vscode/mcp.json counts once you trust the file: in the chat, or with --trust-workspace.\n`);
      return 1;
    }
    if (!usesOAuth(connection.config)) {
      output.writeErr(`elbow: "${name}" does not sign in with OAuth: ${connection.config.type === 'stdio' ? 'it is a local (stdio) server' : 'its configuration sends its own Authorization header'}.\n`);
      return 1;
    }
    return action === 'login' ? await login(mcp, name, output) : await logout(mcp, name, output);
  } finally {
    await mcp.manager.dispose();
  }
}

async function login(mcp: CliMcp, server: string, { writeOut, writeErr }: McpCommandOutput): Promise<number> {
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  process.once('SIGINT', cancel);
  try {
    await mcp.manager.signIn(server, controller.signal);
  } catch (error) {
    writeErr(`elbow: ${printable(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  } finally {
    process.off('SIGINT', cancel);
  }
  const connection = mcp.manager.connection(server);
  const tools = connection?.state === 'connected' ? ` It connected with ${connection.tools.length} tool${connection.tools.length === 1 ? '' : 's'}.` : '';
  writeOut(`Signed in to "${printable(server)}".${tools}\n`);
  return 0;
}

async function logout(mcp: CliMcp, server: string, { writeOut }: McpCommandOutput): Promise<number> {
  const { detail } = await mcp.manager.signOut(server);
  writeOut(`Signed out of "${printable(server)}": ${printable(detail)} Elbow's copy is deleted.\n`);
  return 0;
}

async function list(mcp: CliMcp, records: McpOAuthRecords, { writeOut, writeErr }: McpCommandOutput): Promise<number> {
  const names = mcp.manager.serverNames();
  if (names.length === 0) writeErr('No MCP servers are configured here.\n');
  for (const name of names) {
    const config = mcp.manager.connection(name)?.config;
    if (config === undefined) continue;
    const where = config.type === 'stdio' ? config.command ?? '' : config.url ?? '';
    let signIn = '';
    if (usesOAuth(config)) {
      const record = await records.read(oauthSubject(config), config.url);
      signIn = record?.tokens === undefined ? '  not signed in' : `  signed in${record.scope === undefined ? '' : ` (${record.scope})`}`;
    }
    writeOut(printable(`${name}  ${config.type}  ${where}  ${config.file.display}${config.disabled ? '  disabled' : ''}${signIn}`) + '\n');
  }
  return 0;
}

function configurationLog(writeErr: (text: string) => void): McpLog {
  return {
    info: () => undefined,
    warn: (text) => {
      if (text.startsWith('MCP configuration')) writeErr(`elbow: ${text}\n`);
    },
    output: () => undefined,
  };
}

function parse(argv: readonly string[]): { values: { cwd?: string; 'mcp-config'?: string[]; 'trust-workspace'?: boolean }; positionals: string[] } {
  try {
    return parseArgs({ args: [...argv], options: { cwd: { type: 'string' }, 'mcp-config': { type: 'string', multiple: true }, 'trust-workspace': { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function folderOf(cwd: string | undefined): string {
  const folder = path.resolve(cwd ?? process.cwd());
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new UsageError(`--cwd: no such folder: ${folder}`);
  return fs.realpathSync(folder);
}
