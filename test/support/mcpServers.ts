import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { McpManager, type McpManagerOptions } from '../../src/core/mcp/mcpManager';
import type { McpConfigFile, McpServerConfig } from '../../src/core/mcp/mcpServerConfig';
import type { McpLog } from '../../src/core/mcp/mcpServerConnection';
import { mcpSdkTransports } from '../../src/node/mcpSdkTransports';

const root = path.resolve(__dirname, '../..');

/** The real servers from npm the tests run. */
export const everythingServerScript = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const filesystemServerScript = path.join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const loopbackPreload = path.join(root, 'test/support/loopbackListen.cjs');

export interface HttpMcpServer {
  /** e.g. `http://127.0.0.1:40123/mcp` (streamable HTTP) or `…/sse` (SSE). */
  url: string;
  process: ChildProcess;
  close(): Promise<void>;
}

/** server-everything over SSE or streamable HTTP, listening on 127.0.0.1 on a free port. */
export async function startEverythingOverHttp(transport: 'sse' | 'streamableHttp'): Promise<HttpMcpServer> {
  const child = spawn(process.execPath, ['--require', loopbackPreload, everythingServerScript, transport], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server-everything (${transport}) did not start: ${output}`)), 15_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      const match = /ELBOW_TEST_PORT=(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server-everything (${transport}) exited with ${String(code)}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`,
    process: child,
    close: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }),
  };
}

/** The repository's root: stdio servers started with `node -e` resolve the SDK from here. */
export const repositoryRoot = root;

const testConfigFile: McpConfigFile = { path: path.join(root, '.elbow', 'mcp.json'), kind: 'workspace', display: '.elbow/mcp.json', workspaceFolder: root };

/** A stdio server run by this Node (`node …args`), configured as the parser would give it. */
export function nodeServer(name: string, args: readonly string[], overrides: Partial<McpServerConfig> = {}): McpServerConfig {
  return { name, type: 'stdio', command: process.execPath, args: [...args], env: {}, headers: {}, disabled: false, timeoutMs: 60_000, alwaysAllow: [], disabledTools: [], file: testConfigFile, ...overrides };
}

/** A server reached over the network (`sse`, `streamableHttp`, or `http`: streamable HTTP, then SSE). */
export function urlServer(name: string, type: 'sse' | 'streamableHttp' | 'http', url: string, overrides: Partial<McpServerConfig> = {}): McpServerConfig {
  return { name, type, url, args: [], env: {}, headers: {}, disabled: false, timeoutMs: 60_000, alwaysAllow: [], disabledTools: [], file: testConfigFile, ...overrides };
}

/**
 * Arguments for a stdio server that reads its input but never answers `initialize`. It writes
 * its process id to `pidFile` and exits when its input closes.
 */
export function silentServerArgs(pidFile: string): string[] {
  return ['-e', "require('node:fs').writeFileSync(process.argv[1], String(process.pid)); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));", pidFile];
}

/**
 * Arguments for a stdio server (the SDK's McpServer) with one tool, `add_tool`, which adds the
 * tool `added` and so sends `notifications/tools/list_changed`. Start it in `repositoryRoot`.
 */
export const growingServerArgs = ['--input-type=module', '-e', `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'growing', version: '1.0.0' });
server.registerTool('add_tool', { description: 'Adds the tool added.' }, async () => {
  server.registerTool('added', { description: 'Added later.' }, async () => ({ content: [{ type: 'text', text: 'added works' }] }));
  return { content: [{ type: 'text', text: 'added the tool added' }] };
});
await server.connect(new StdioServerTransport());
`];

/** What a manager logged, for messages when a test fails. */
export class McpTestLog implements McpLog {
  readonly lines: string[] = [];
  info(text: string): void {
    this.lines.push(`info: ${text}`);
  }
  warn(text: string): void {
    this.lines.push(`warn: ${text}`);
  }
  output(server: string, line: string): void {
    this.lines.push(`[${server}] ${line}`);
  }
}

/** A manager over fixed configurations, for tests that need no configuration files. */
export function mcpManagerOf(servers: readonly McpServerConfig[], options: Partial<McpManagerOptions> = {}): McpManager {
  return new McpManager({
    loadConfig: async () => ({ servers: [...servers], problems: [] }),
    defaultCwd: () => root,
    transports: mcpSdkTransports,
    clientVersion: '0.0.0-test',
    log: new McpTestLog(),
    builtinToolCount: 0,
    startWaitMs: 15_000,
    restartDelaysMs: [100, 200],
    ...options,
  });
}

/** Polls until `condition` holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True while a process of that id exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A 1×1 PNG, the image the prompt server's `with-image` prompt returns. */
export const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Arguments for a stdio server (the SDK's low-level Server) whose prompts come in two pages of
 * `prompts/list`: `with-image`, `huge` (argument `size`, required), `broken` (fails), then
 * `conversation` (user and assistant turns, an embedded resource), `slow` (never answers) and
 * `bad name` (a name with a space). Start it in `repositoryRoot`.
 */
export const promptServerArgs = ['--input-type=module', '-e', `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'prompts', version: '1.0.0' }, { capabilities: { prompts: {} } });
const pages = {
  first: [
    { name: 'with-image', description: 'Shows a picture.' },
    { name: 'huge', description: 'Very long text.', arguments: [{ name: 'size', description: 'How many characters', required: true }] },
    { name: 'broken', description: 'Always fails.' },
  ],
  'page-2': [
    { name: 'conversation', description: 'x'.repeat(5000), arguments: [{ name: 'topic', required: true }, { name: 'tone' }] },
    { name: 'slow', description: 'Never answers.' },
    { name: 'bad name', description: 'Cannot be typed.' },
  ],
};
server.setRequestHandler(ListPromptsRequestSchema, async (request) => {
  const cursor = request.params?.cursor;
  return cursor === 'page-2' ? { prompts: pages['page-2'] } : { prompts: pages.first, nextCursor: 'page-2' };
});
server.setRequestHandler(GetPromptRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (name === 'with-image') return { messages: [
    { role: 'user', content: { type: 'text', text: 'Describe this picture.' } },
    { role: 'user', content: { type: 'image', mimeType: 'image/png', data: '${onePixelPng}' } },
  ] };
  if (name === 'huge') return { messages: [{ role: 'user', content: { type: 'text', text: 'A'.repeat(Number(args.size)) } }] };
  if (name === 'broken') throw new Error('the prompt template is missing');
  if (name === 'slow') return new Promise(() => undefined);
  if (name === 'conversation') return { messages: [
    { role: 'user', content: { type: 'text', text: 'Talk about ' + args.topic + (args.tone ? ' in a ' + args.tone + ' tone' : '') + '.' } },
    { role: 'assistant', content: { type: 'text', text: 'Sure.\\nWhat first?' } },
    { role: 'user', content: { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'N'.repeat(30000) } } },
  ] };
  throw new Error('no such prompt');
});
await server.connect(new StdioServerTransport());
`];
