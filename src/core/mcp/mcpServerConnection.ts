import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { McpTransportFactory } from '../host/mcpTransportFactory';
import { ToolError } from '../toolContract/toolError';
import type { McpServerConfig } from './mcpServerConfig';
import type { McpServerState } from './mcpServerStatus';
import type { McpCallResult } from './mcpToolResult';
import { keptPrompts, type McpPromptDefinition, type McpPromptResult } from './mcpPrompt';
import { elicitationOf, type McpClientHandlers } from './mcpClientHandlers';
import { keptResources, keptResourceTemplates, type McpResourceContents, type McpResourceDefinition, type McpResourceTemplateDefinition } from './mcpResource';
import { CoalescedRefresh } from './coalescedRefresh';
import { OutputTail } from './outputTail';
import { ServerQuestionGate } from './serverQuestionGate';
import { loadMcpSdk } from './loadMcpSdk';
import { transportsFor, type OpenedTransport } from './mcpTransport';
import { isSignInRequired } from './auth/mcpSignInRequired';

export type { McpToolDefinition };

export interface McpLog {
  info(text: string): void;
  warn(text: string): void;
  /** A line a server wrote to its stderr. */
  output(server: string, line: string): void;
  /** News for the user (a server's tools changed); `info` without it. */
  notice?(text: string): void;
}

export interface McpConnectionOptions {
  config: McpServerConfig;
  /** Where stdio servers start when their configuration names no `cwd`. */
  defaultCwd: string | undefined;
  /** Starts the server's program or opens its network connection. */
  transports: McpTransportFactory;
  clientVersion: string;
  log: McpLog;
  /** The state, error or tools changed. */
  changed(): void;
  /** Waits before each automatic restart after a crash or a failed start; then it stays failed. */
  restartDelaysMs?: readonly number[];
  /** How long connecting (start and `initialize`) may take. */
  connectTimeoutMs?: number;
  /** What the server may ask of the user and the host; the capabilities declared follow what is given. */
  handlers?: McpClientHandlers;
  /** A remote server that may ask Elbow to sign in (OAuth). */
  oauth?: McpConnectionOAuth;
}

export interface McpConnectionOAuth {
  provider: OAuthClientProvider;
  /** Every request of the connection, its OAuth discovery and refresh included. */
  fetch: FetchLike;
  /** What the user does to sign in, one sentence in the host's words. */
  signInHint: string;
  /** The server refused Elbow: signing in is needed. */
  signInNeeded(): void;
}

export const defaultRestartDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000];
/** A connection that lasted this long starts the restart count afresh when it ends. */
const STABLE_MS = 30_000;
/** List pages read at most: a server that always answers with a next cursor must not keep the client listing. */
const maxListPages = 20;
/** Tools kept of one server: more could never be offered (providers take at most 128 in all). */
const maxToolsPerServer = 200;
const signInRequired = '\u0000signInRequired';

/**
 * One MCP server: connects (`initialize`, `tools/list`), follows `tools/list_changed`, runs tool
 * calls with the server's timeout, and restarts the server with backoff when it crashes.
 */
export class McpServerConnection {
  state: McpServerState;
  /** For `failed`: why, and whether and when it is tried again. */
  error: string | undefined;
  /** The server's tools, as last listed (kept while it restarts so calls get a clear error). */
  tools: McpToolDefinition[] = [];
  /** The server's prompts (`prompts/list`), bounded; empty when it declares no `prompts` capability. */
  prompts: McpPromptDefinition[] = [];
  /** The server's resources (`resources/list`), bounded; empty when it declares no `resources` capability. */
  resources: McpResourceDefinition[] = [];
  /** The server's resource templates (`resources/templates/list`), bounded. */
  resourceTemplates: McpResourceTemplateDefinition[] = [];
  private client: Client | undefined;
  /** The client of a connection attempt still in progress, so `stop` can end it (and its process). */
  private connectingClient: Client | undefined;
  private opened: OpenedTransport | undefined;
  private starting: Promise<void> | undefined;
  /** Bumped by every connect and stop: events of an older connection are ignored. */
  private generation = 0;
  private failedStarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private connectedAt = 0;
  private readonly stderrTail = new OutputTail();
  /** Its questions are taken only while one of its calls runs. */
  private readonly questions = new ServerQuestionGate();

  constructor(private readonly options: McpConnectionOptions) {
    this.state = options.config.disabled ? 'disabled' : 'idle';
  }

  get config(): McpServerConfig {
    return this.options.config;
  }

  get name(): string {
    return this.options.config.name;
  }

  /** A restart after a failure is scheduled. */
  get retrying(): boolean {
    return this.restartTimer !== undefined;
  }

  /** Settings Elbow reads itself changed (approvals, disabled tools, timeout, on/off): no reconnection needed. */
  reconfigure(config: McpServerConfig): void {
    this.options.config = config;
  }

  /** The stdio server's process id while it runs. */
  get pid(): number | undefined {
    return this.opened?.pid();
  }

  /** Connects unless connected, connecting or disabled; resolves when that attempt has ended either way. */
  start(): Promise<void> {
    if (this.state === 'disabled' || this.state === 'connected') return Promise.resolve();
    this.starting ??= this.connect().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Keeps a server that has not started from starting on demand: it waits for the user's approval, or they declined. */
  hold(state: 'awaitingApproval' | 'declined', reason: string): void {
    this.state = state;
    this.error = reason;
    this.options.changed();
  }

  /** Disconnects and stops the server's process; it starts again on demand. */
  async stop(state: 'idle' | 'disabled' = 'idle'): Promise<void> {
    this.generation++;
    this.clearRestart();
    const client = this.client;
    const connecting = this.connectingClient;
    this.client = undefined;
    this.connectingClient = undefined;
    this.opened = undefined;
    this.starting = undefined;
    this.state = state;
    this.error = undefined;
    if (state === 'disabled') this.tools = [];
    this.options.changed();
    await Promise.all([client?.close().catch(() => undefined), connecting?.close().catch(() => undefined)]);
  }

  /** The user asked: stop, forget earlier failures, and connect again. */
  async restart(): Promise<void> {
    await this.stop();
    this.failedStarts = 0;
    await this.start();
  }

  async callTool(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult> {
    if (this.state === 'idle' || this.state === 'connecting') await this.start();
    const client = this.client;
    if (this.state !== 'connected' || client === undefined) {
      throw new ToolError(`The MCP server "${this.name}" is not running${this.error === undefined ? '.' : `: ${this.error}`} Continue without ${tool}, or tell the user the server needs attention.`);
    }
    const { timeoutMs, file } = this.options.config;
    const callEnded = this.questions.callStarted();
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: timeoutMs });
      // Servers of the first protocol version answer with `toolResult`.
      return 'toolResult' in result ? { content: [{ type: 'text', text: JSON.stringify(result.toolResult, null, 2) }] } : result;
    } catch (error) {
      if (signal.aborted) throw error;
      if (this.options.oauth !== undefined && isSignInRequired(error)) {
        await this.requireSignIn();
        throw new ToolError(`The MCP server "${this.name}" needs the user to sign in again, so ${tool} did not run. Tell the user: ${this.options.oauth.signInHint}`);
      }
      const { ErrorCode, McpError } = loadMcpSdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new ToolError(`${this.name} › ${tool} did not finish within ${seconds(timeoutMs)}, the server's timeout, and was cancelled. Try smaller work, or ask the user to raise "timeout" (seconds) for "${this.name}" in ${file.display}.`);
      }
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new ToolError(`The MCP server "${this.name}" stopped while running ${tool}. Elbow restarts it; try again in a moment, or continue without it.`);
      }
      throw new ToolError(`${this.name} › ${tool} failed: ${messageOf(error)}`);
    } finally {
      callEnded();
    }
  }

  /** `prompts/get`: the messages of one of the server's prompts, filled with `args`. */
  async getPrompt(prompt: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptResult> {
    const client = this.client;
    if (this.state !== 'connected' || client === undefined) {
      throw new Error(`The MCP server "${this.name}" is not running${this.error === undefined ? '.' : `: ${this.error}`}`);
    }
    const { timeoutMs, file } = this.options.config;
    try {
      return await client.getPrompt({ name: prompt, arguments: args }, { signal, timeout: timeoutMs });
    } catch (error) {
      if (signal.aborted) throw error;
      const { ErrorCode, McpError } = loadMcpSdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new Error(`The MCP server "${this.name}" did not return the prompt ${prompt} within ${seconds(timeoutMs)}, its timeout ("timeout" for "${this.name}" in ${file.display}).`, { cause: error });
      }
      if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        throw new Error(`The MCP server "${this.name}" stopped while returning the prompt ${prompt}. Elbow restarts it; try again in a moment.`, { cause: error });
      }
      throw new Error(`The MCP server "${this.name}" could not return the prompt ${prompt}: ${messageOf(error)}`, { cause: error });
    }
  }

  /** `resources/read`: the contents of one resource; throws an Error the user reads. */
  async readResource(uri: string, signal: AbortSignal): Promise<McpResourceContents[]> {
    const client = this.client;
    if (this.state !== 'connected' || client === undefined) {
      throw new Error(`The MCP server "${this.name}" is not running${this.error === undefined ? '.' : `: ${this.error}`}`);
    }
    const { timeoutMs, file } = this.options.config;
    try {
      const result = await client.readResource({ uri }, { signal, timeout: timeoutMs });
      return result.contents.flatMap((item): McpResourceContents[] => {
        const mimeType = typeof item.mimeType === 'string' ? { mimeType: item.mimeType } : {};
        if ('text' in item && typeof item.text === 'string') return [{ uri: item.uri, ...mimeType, text: item.text }];
        if ('blob' in item && typeof item.blob === 'string') return [{ uri: item.uri, ...mimeType, blob: item.blob }];
        return [];
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const { ErrorCode, McpError } = loadMcpSdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new Error(`The MCP server "${this.name}" did not return ${uri} within ${seconds(timeoutMs)}, its timeout ("timeout" for "${this.name}" in ${file.display}).`, { cause: error });
      }
      throw new Error(`The MCP server "${this.name}" could not return ${uri}: ${messageOf(error)}`, { cause: error });
    }
  }

  /** The server refused Elbow until the user signs in: it stops, and is not retried on its own (no loop). */
  async requireSignIn(): Promise<void> {
    const client = this.client;
    this.generation++;
    this.clearRestart();
    this.client = undefined;
    this.opened = undefined;
    this.state = 'signInRequired';
    this.error = `The server needs you to sign in (no sign-in yet, or it expired or was revoked). ${this.options.oauth?.signInHint ?? ''}`.trim();
    this.options.oauth?.signInNeeded();
    this.options.log.warn(`MCP server "${this.name}": ${this.error}`);
    this.options.changed();
    await client?.close().catch(() => undefined);
  }

  /** The host's roots changed: tells the server (`notifications/roots/list_changed`) when it is running. */
  rootsChanged(): void {
    if (this.state === 'connected' && this.options.handlers?.roots !== undefined) void this.client?.sendRootsListChanged().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.clearRestart();
    const generation = ++this.generation;
    this.state = 'connecting';
    this.error = undefined;
    this.options.changed();
    const failures: string[] = [];
    for (const open of transportsFor(this.options.config, this.options.defaultCwd, this.options.transports, this.options.oauth === undefined ? undefined : { authProvider: this.options.oauth.provider, fetch: this.options.oauth.fetch })) {
      if (generation !== this.generation) return;
      const attempt = await this.tryTransport(open, generation).catch((error: unknown) => messageOf(error));
      if (attempt === undefined) return this.connected(generation);
      // Another transport would be refused the same way: the user signs in first.
      if (attempt === signInRequired) return generation === this.generation ? this.requireSignIn() : undefined;
      failures.push(attempt);
    }
    if (generation !== this.generation) return;
    this.failed(failures.join('; '));
  }

  /** `undefined` once connected, else why not (`signInRequired` when the server refused Elbow until the user signs in). */
  private async tryTransport(open: () => OpenedTransport, generation: number): Promise<string | undefined> {
    const opened = open();
    const sdk = loadMcpSdk();
    const client = new sdk.Client({ name: 'elbow', version: this.options.clientVersion }, { capabilities: this.capabilities() });
    // A burst of notifications lists each kind at most twice more: one listing in flight and one queued.
    const tools = new CoalescedRefresh(() => this.refreshTools(client, generation));
    const prompts = new CoalescedRefresh(() => this.refreshPrompts(client, generation));
    const resources = new CoalescedRefresh(() => this.refreshResources(client, generation));
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => void tools.request());
    client.setNotificationHandler(sdk.PromptListChangedNotificationSchema, () => void prompts.request());
    client.setNotificationHandler(sdk.ResourceListChangedNotificationSchema, () => void resources.request());
    this.handleRequests(client);
    client.onclose = () => this.closed(generation);
    this.followStderr(opened);
    this.connectingClient = client;
    try {
      await client.connect(opened.transport, { timeout: this.options.connectTimeoutMs ?? 30_000 });
    } catch (error) {
      await client.close().catch(() => undefined);
      if (this.options.oauth !== undefined && isSignInRequired(error)) return signInRequired;
      return `${opened.label}: ${describeConnectError(error, this.options.config)}${this.stderrTail.describe()}`;
    } finally {
      if (this.connectingClient === client) this.connectingClient = undefined;
    }
    if (generation !== this.generation) {
      await client.close().catch(() => undefined);
      return undefined;
    }
    this.client = client;
    this.opened = opened;
    await Promise.all([tools.request(), prompts.request(), resources.request()]);
    return undefined;
  }

  private capabilities(): { elicitation?: { form: Record<string, never>; url: Record<string, never> }; roots?: { listChanged: true } } {
    const handlers = this.options.handlers;
    return {
      ...(handlers?.elicit === undefined ? {} : { elicitation: { form: {}, url: {} } }),
      ...(handlers?.roots === undefined ? {} : { roots: { listChanged: true } }),
    };
  }

  /** The server's requests to the client: each handled only when the host gave its handler (else the SDK answers "method not found"). */
  private handleRequests(client: Client): void {
    const sdk = loadMcpSdk();
    const { elicit, roots } = this.options.handlers ?? {};
    if (elicit !== undefined) {
      client.setRequestHandler(sdk.ElicitRequestSchema, async (request, extra) => {
        const admitted = this.questions.admit(extra.signal);
        if ('refused' in admitted) {
          this.options.log.warn(`MCP server "${this.name}" asked a question ${admitted.refused}; it was cancelled without asking you.`);
          return { action: 'cancel' as const };
        }
        const question = elicitationOf({ server: this.name, source: this.options.config.file.display }, request.params);
        if (question === undefined) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, 'Elbow cannot show this question: its schema is not a flat object of strings, numbers, booleans and enums.');
        return elicit(question, admitted.signal);
      });
    }
    if (roots !== undefined) client.setRequestHandler(sdk.ListRootsRequestSchema, () => ({ roots: roots().map((root) => ({ ...root })) }));
  }

  private connected(generation: number): void {
    if (generation !== this.generation || this.client === undefined) return;
    this.state = 'connected';
    this.error = undefined;
    this.connectedAt = Date.now();
    const pid = this.pid;
    this.options.log.info(`MCP server "${this.name}" connected (${this.opened?.label ?? ''}${pid === undefined ? '' : `, pid ${pid}`}) with ${this.tools.length} tool${this.tools.length === 1 ? '' : 's'}.`);
    this.options.changed();
  }

  private async refreshTools(client: Client, generation: number): Promise<void> {
    try {
      const listed = await this.listAll((cursor) => client.listTools(cursor === undefined ? undefined : { cursor }).then((page) => ({ items: page.tools, nextCursor: page.nextCursor })));
      if (generation !== this.generation) return;
      const tools = listed.slice(0, maxToolsPerServer) as McpToolDefinition[];
      if (listed.length > tools.length) this.options.log.warn(`MCP server "${this.name}": it lists ${listed.length} tools; only the first ${maxToolsPerServer} are offered.`);
      this.tools = tools;
      this.options.changed();
    } catch (error) {
      if (generation === this.generation) this.options.log.warn(`MCP server "${this.name}": could not list its tools: ${messageOf(error)}`);
    }
  }


  private async refreshPrompts(client: Client, generation: number): Promise<void> {
    if (client.getServerCapabilities()?.prompts === undefined) return;
    try {
      const listed = await this.listAll((cursor) => client.listPrompts(cursor === undefined ? undefined : { cursor }).then((page) => ({ items: page.prompts, nextCursor: page.nextCursor })));
      if (generation !== this.generation) return;
      const { prompts, dropped } = keptPrompts(listed);
      if (dropped > 0) this.options.log.warn(`MCP server "${this.name}": ${dropped} of its prompts are not offered (too many, or names that cannot be typed after /).`);
      this.prompts = prompts;
      this.options.changed();
    } catch (error) {
      if (generation === this.generation) this.options.log.warn(`MCP server "${this.name}": could not list its prompts: ${messageOf(error)}`);
    }
  }

  private async refreshResources(client: Client, generation: number): Promise<void> {
    if (client.getServerCapabilities()?.resources === undefined) return;
    try {
      const [listed, listedTemplates] = await Promise.all([
        this.listAll((cursor) => client.listResources(cursor === undefined ? undefined : { cursor }).then((page) => ({ items: page.resources, nextCursor: page.nextCursor }))),
        this.listAll((cursor) => client.listResourceTemplates(cursor === undefined ? undefined : { cursor }).then((page) => ({ items: page.resourceTemplates, nextCursor: page.nextCursor }))),
      ]);
      if (generation !== this.generation) return;
      const { resources, dropped } = keptResources(listed);
      const { templates, dropped: droppedTemplates } = keptResourceTemplates(listedTemplates);
      if (dropped + droppedTemplates > 0) this.options.log.warn(`MCP server "${this.name}": ${dropped + droppedTemplates} of its resources and templates are not offered (too many, or malformed).`);
      this.resources = resources;
      this.resourceTemplates = templates;
      this.options.changed();
    } catch (error) {
      if (generation === this.generation) this.options.log.warn(`MCP server "${this.name}": could not list its resources: ${messageOf(error)}`);
    }
  }

  private async listAll(page: (cursor: string | undefined) => Promise<{ items: unknown[]; nextCursor?: string }>): Promise<unknown[]> {
    const listed: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const next = await page(cursor);
      listed.push(...next.items);
      cursor = next.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < maxListPages);
    return listed;
  }

  private closed(generation: number): void {
    if (generation !== this.generation || this.state !== 'connected') return;
    this.client = undefined;
    this.opened = undefined;
    if (Date.now() - this.connectedAt >= STABLE_MS) this.failedStarts = 0;
    this.failed(`The server stopped.${this.stderrTail.describe()}`);
  }

  private failed(reason: string): void {
    this.generation++;
    const delays = this.options.restartDelaysMs ?? defaultRestartDelaysMs;
    const delay = delays[this.failedStarts];
    this.state = 'failed';
    if (delay === undefined) {
      this.error = `${reason} Elbow stopped retrying after ${delays.length} attempts; fix the configuration or the server, then use Restart.`;
    } else {
      this.failedStarts++;
      this.error = `${reason} Retrying in ${seconds(delay)} (${this.failedStarts} of ${delays.length}).`;
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        void this.start();
      }, delay);
      this.restartTimer.unref();
    }
    this.options.log.warn(`MCP server "${this.name}" failed: ${this.error}`);
    this.options.changed();
  }

  private followStderr(opened: OpenedTransport): void {
    this.stderrTail.clear();
    opened.stderr?.setEncoding('utf8');
    opened.stderr?.on('data', (chunk: string) => {
      for (const line of this.stderrTail.add(chunk)) this.options.log.output(this.name, line);
    });
  }

  private clearRestart(): void {
    if (this.restartTimer !== undefined) clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
  }
}

function describeConnectError(error: unknown, config: McpServerConfig): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT' && config.command !== undefined) return `could not start "${config.command}": no such program (check "command", or give its full path)`;
  const { ErrorCode, McpError } = loadMcpSdk();
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return 'the server did not answer "initialize" in time';
  return messageOf(error);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${message}${cause}`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
