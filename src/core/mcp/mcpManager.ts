import type { McpTransportFactory } from '../host/mcpTransportFactory';
import type { McpAuthHost } from './auth/mcpAuthHost';
import { McpOAuth } from './auth/mcpOAuth';
import type { TokenRevocation } from './auth/tokenRevocation';
import type { ExternalTool, ToolSource } from '../tools/toolSource';
import { argumentsValidator, type ArgumentsValidator } from './argumentsValidator';
import { problemText, type McpConfigFile, type McpConfigProblem, type McpServerConfig } from './mcpServerConfig';
import type { McpClientHandlers } from './mcpClientHandlers';
import type { McpPromptDefinition, McpPromptResult } from './mcpPrompt';
import type { McpResourceContents, McpResourceDefinition, McpResourceTemplateDefinition } from './mcpResource';
import { McpServerConnection, type McpConnectionOAuth, type McpLog, type McpToolDefinition } from './mcpServerConnection';
import type { McpServerStatus, McpStatus } from './mcpServerStatus';
import type { McpStartApproval } from './mcpStartApproval';
import { mcpTool } from './mcpTool';
import { ToolNameBook } from './mcpToolNames';
import { ToolListNotes } from './toolListNotes';
import { tooManyToolsWarning } from './tooManyTools';

export interface LoadedMcpConfig {
  servers: McpServerConfig[];
  problems: McpConfigProblem[];
}

/** Changes Elbow makes to a server's configuration file for the user. */
export interface McpConfigEditing {
  setServerField(file: McpConfigFile, server: string, field: 'disabled' | 'alwaysAllow' | 'disabledTools', value: boolean | string[]): Promise<void>;
}

export interface McpManagerOptions {
  loadConfig(): Promise<LoadedMcpConfig>;
  /** Without it the panel's switches and "Always allow this tool" are not offered. */
  editConfig?: McpConfigEditing;
  /** Where stdio servers start when their configuration names no `cwd`. */
  defaultCwd(): string | undefined;
  /** Starts the servers' programs and opens their network connections. */
  transports: McpTransportFactory;
  /** Servers it does not approve wait for the user's answer before they start. */
  startApproval?: McpStartApproval;
  clientVersion: string;
  log: McpLog;
  /** The built-in tools the model gets besides these, for the too-many-tools warning. */
  builtinToolCount: number;
  /** How long a run waits for servers still starting; later ones join the next run. */
  startWaitMs?: number;
  restartDelaysMs?: readonly number[];
  connectTimeoutMs?: number;
  /** What servers may ask of the user and the host (questions, the workspace folders). */
  handlers?: McpClientHandlers;
  /** Sign-in to remote servers with OAuth: where credentials are kept and how the browser is reached. Without it servers never sign in. */
  auth?: McpAuthHost;
}

/**
 * The configured MCP servers: loads their configuration, starts them when a conversation first
 * needs tools, offers their tools to the model, and reports their status (shown in VS Code's MCP panel).
 */
export class McpManager implements ToolSource {
  private connections: McpServerConnection[] = [];
  private problems: McpConfigProblem[] = [];
  private loading: Promise<void> | undefined;
  /** Set once a conversation needed tools: from then on servers start as they are configured. */
  private started = false;
  private readonly listeners = new Set<() => void>();
  private readonly validators = new Map<string, ArgumentsValidator>();
  private readonly waitedFor = new WeakSet<McpServerConnection>();
  private disposed = false;
  private readonly oauth: McpOAuth | undefined;
  private readonly toolNotes: ToolListNotes;
  /** Kept as long as the manager: a model name never passes from one server's tool to another's. */
  private readonly toolNames = new ToolNameBook();

  constructor(private readonly options: McpManagerOptions) {
    const log = options.log;
    this.toolNotes = new ToolListNotes((text) => (log.notice === undefined ? log.info(text) : log.notice(text)));
    this.oauth = options.auth === undefined ? undefined : new McpOAuth(options.auth, options.clientVersion, () => this.changed());
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Reads the configuration again: changed servers restart, removed ones stop, new ones start if servers are running. */
  reload(): Promise<void> {
    const previous = this.loading ?? Promise.resolve();
    const next = previous.then(() => this.load());
    this.loading = next;
    return next;
  }

  async prepare(signal: AbortSignal): Promise<void> {
    await (this.loading ?? this.reload());
    this.started = true;
    // Each server is waited for once (also one already connecting, e.g. just added to a file): one that hangs
    // while starting must not hold up every later run as well.
    const starting = this.connections
      .filter((connection) => (connection.state === 'idle' || connection.state === 'connecting') && !this.waitedFor.has(connection))
      .map((connection) => {
        this.waitedFor.add(connection);
        return this.begin(connection);
      });
    if (starting.length === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.startWaitMs ?? 15_000);
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      void Promise.all(starting).then(done);
    });
  }

  tools(): ExternalTool[] {
    const names = this.modelNames();
    const offered = this.offeredTools();
    this.toolNotes.offering(offered.map(({ connection, definitions }) => ({ server: connection.name, tools: definitions.map((tool) => tool.name) })));
    return offered.flatMap(({ connection, definitions }) => definitions.map((definition) => mcpTool({
      connection,
      definition,
      modelName: names.get(connection.name)?.get(definition.name) ?? definition.name,
      validate: this.validatorFor(connection, definition),
      allowAlways: this.options.editConfig === undefined ? undefined : () => this.allowTool(connection.name, definition.name),
    })));
  }

  /** The prompts of the servers running now, by server. */
  prompts(): Array<{ server: string; prompts: readonly McpPromptDefinition[] }> {
    return this.connections
      .filter((connection) => connection.state === 'connected' && connection.prompts.length > 0)
      .map((connection) => ({ server: connection.name, prompts: connection.prompts }));
  }

  /** The resources and resource templates of the servers running now, by server. */
  resources(): Array<{ server: string; resources: readonly McpResourceDefinition[]; templates: readonly McpResourceTemplateDefinition[] }> {
    return this.connections
      .filter((connection) => connection.state === 'connected' && (connection.resources.length > 0 || connection.resourceTemplates.length > 0))
      .map((connection) => ({ server: connection.name, resources: connection.resources, templates: connection.resourceTemplates }));
  }

  /** `resources/read` on the server named so; throws an Error the user reads. */
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpResourceContents[]> {
    return this.required(server).readResource(uri, signal);
  }

  /** The host's workspace folders changed: running servers that asked for roots are told. */
  rootsChanged(): void {
    for (const connection of this.connections) connection.rootsChanged();
  }

  /** `prompts/get` on the server named so; throws an Error the user reads. */
  getPrompt(server: string, prompt: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptResult> {
    return this.required(server).getPrompt(prompt, args, signal);
  }

  status(): McpStatus {
    const names = this.modelNames();
    const servers = this.connections.map((connection): McpServerStatus => ({
      name: connection.name,
      state: connection.state,
      ...(connection.error === undefined ? {} : { error: connection.error }),
      transport: connection.config.type,
      source: connection.config.file.display,
      ...signedInOf(this.oauth?.signedIn(connection.config)),
      tools: connection.tools.map((tool) => ({
        name: tool.name,
        modelName: names.get(connection.name)?.get(tool.name) ?? tool.name,
        description: tool.description ?? '',
        readOnly: tool.annotations?.readOnlyHint === true,
        enabled: !connection.config.disabledTools.includes(tool.name),
        alwaysAllowed: connection.config.alwaysAllow.includes(tool.name),
      })),
      resources: connection.resources.map((resource) => ({ ...resource })),
      resourceTemplates: connection.resourceTemplates.map((template) => ({ ...template })),
    }));
    const offered = this.offeredTools().reduce((count, { definitions }) => count + definitions.length, 0);
    const warning = tooManyToolsWarning(this.options.builtinToolCount, offered);
    return { servers, problems: this.problems.map(problemText), ...(warning === undefined ? {} : { warning }) };
  }

  /** The server named so, e.g. for its process id. */
  connection(name: string): McpServerConnection | undefined {
    return this.connections.find((connection) => connection.name === name);
  }

  serverNames(): string[] {
    return this.connections.map((connection) => connection.name);
  }

  async restart(name: string): Promise<void> {
    const connection = this.required(name);
    if (connection.state === 'disabled') throw new Error(`The MCP server "${name}" is disabled; enable it first.`);
    if (this.options.startApproval?.approved(connection.config) === false) {
      // Not approved (waiting, or declined): the user is asked again rather than the server started.
      await connection.stop();
      await this.begin(connection);
      return;
    }
    await connection.restart();
  }

  /**
   * Signs in to a remote server in the browser (discovery, registration, PKCE, token exchange),
   * then connects to it again. Throws an Error the user reads when it fails or is declined.
   */
  async signIn(server: string, signal: AbortSignal): Promise<void> {
    await (this.loading ?? this.reload());
    const connection = this.required(server);
    if (this.oauth === undefined) throw new Error('Signing in to MCP servers is not available here.');
    await this.oauth.signIn(connection.config, signal);
    if (connection.state !== 'disabled') await connection.restart();
  }

  /**
   * Revokes the server's tokens where its authorization server offers it, forgets them, and stops it until the user
   * signs in again; says whether anything was revoked.
   */
  async signOut(server: string): Promise<TokenRevocation> {
    await (this.loading ?? this.reload());
    const connection = this.required(server);
    if (this.oauth === undefined) throw new Error('Signing in to MCP servers is not available here.');
    const revocation = await this.oauth.signOut(connection.config);
    if (connection.state !== 'disabled') await connection.requireSignIn();
    return revocation;
  }

  async setServerEnabled(name: string, enabled: boolean): Promise<void> {
    await this.edit(name, 'disabled', !enabled);
  }

  async setToolEnabled(server: string, tool: string, enabled: boolean): Promise<void> {
    const current = this.required(server).config.disabledTools;
    await this.edit(server, 'disabledTools', enabled ? current.filter((name) => name !== tool) : [...new Set([...current, tool])]);
  }

  /** "Always allow this tool": written to the server's `alwaysAllow`. */
  async allowTool(server: string, tool: string): Promise<void> {
    const current = this.required(server).config.alwaysAllow;
    if (!current.includes(tool)) await this.edit(server, 'alwaysAllow', [...current, tool]);
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.listeners.clear();
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }

  private async load(): Promise<void> {
    if (this.disposed) return;
    let loaded: LoadedMcpConfig;
    try {
      loaded = await this.options.loadConfig();
    } catch (error) {
      loaded = { servers: this.connections.map((connection) => connection.config), problems: [{ file: 'MCP configuration', message: `could not be read: ${error instanceof Error ? error.message : String(error)}` }] };
    }
    this.problems = loaded.problems;
    for (const problem of loaded.problems) this.options.log.warn(`MCP configuration: ${problemText(problem)}`);
    this.options.startApproval?.configured(loaded.servers);
    const kept: McpServerConnection[] = [];
    const stopping: Promise<void>[] = [];
    for (const config of loaded.servers) {
      const existing = this.connection(config.name);
      if (existing !== undefined && sameConnection(existing.config, config)) {
        stopping.push(this.reconfigure(existing, config));
        kept.push(existing);
        continue;
      }
      if (existing !== undefined) stopping.push(existing.stop());
      kept.push(this.connect(config));
    }
    for (const connection of this.connections) if (!kept.includes(connection) && !loaded.servers.some((config) => config.name === connection.name)) stopping.push(connection.stop());
    this.connections = kept;
    await Promise.all(stopping);
    if (this.started) for (const connection of kept) if (connection.state === 'idle') void this.begin(connection);
    this.changed();
  }

  /** Starts a server the host approves; asks about one it does not, and lets it start on a yes without waiting for the answer. */
  private begin(connection: McpServerConnection): Promise<void> {
    const approval = this.options.startApproval;
    if (connection.state !== 'idle' || approval === undefined || approval.approved(connection.config)) return connection.start();
    connection.hold('awaitingApproval', 'Not started until you approve it.');
    const answered = (start: boolean): void => {
      if (this.disposed || connection.state !== 'awaitingApproval' || !this.connections.includes(connection)) return;
      if (start) void connection.start();
      else connection.hold('declined', 'Not started: you chose not to start it. Restart asks again.');
    };
    approval.ask(connection.config).then(answered, (error: unknown) => {
      this.options.log.warn(`MCP server "${connection.name}": could not ask whether to start it: ${error instanceof Error ? error.message : String(error)}`);
      answered(false);
    });
    return Promise.resolve();
  }

  private connect(config: McpServerConfig): McpServerConnection {
    return new McpServerConnection({
      config,
      defaultCwd: this.options.defaultCwd(),
      transports: this.options.transports,
      clientVersion: this.options.clientVersion,
      log: this.options.log,
      changed: () => this.changed(),
      restartDelaysMs: this.options.restartDelaysMs,
      connectTimeoutMs: this.options.connectTimeoutMs,
      handlers: this.options.handlers,
      oauth: this.oauthOf(config),
    });
  }

  private oauthOf(config: McpServerConfig): McpConnectionOAuth | undefined {
    const provider = this.oauth?.providerFor(config);
    if (this.oauth === undefined || provider === undefined) return undefined;
    const oauth = this.oauth;
    return { provider, fetch: provider.fetch, signInHint: oauth.signInHint(config.name), signInNeeded: () => oauth.signInNeeded(config) };
  }

  /** Same process or endpoint; only what Elbow itself reads (approvals, disabled tools, timeout, on/off) changed. */
  private async reconfigure(connection: McpServerConnection, config: McpServerConfig): Promise<void> {
    connection.reconfigure(config);
    if (config.disabled && connection.state !== 'disabled') await connection.stop('disabled');
    else if (!config.disabled && connection.state === 'disabled') await connection.stop('idle');
  }

  private async edit(server: string, field: 'disabled' | 'alwaysAllow' | 'disabledTools', value: boolean | string[]): Promise<void> {
    const connection = this.required(server);
    if (this.options.editConfig === undefined) throw new Error('MCP configuration files cannot be changed here.');
    await this.options.editConfig.setServerField(connection.config.file, server, field, value);
    await this.reload();
  }

  private required(name: string): McpServerConnection {
    const connection = this.connection(name);
    if (connection === undefined) throw new Error(`There is no MCP server named "${name}".`);
    return connection;
  }

  private validatorFor(connection: McpServerConnection, definition: McpToolDefinition): ArgumentsValidator {
    const schema = definition.inputSchema as Record<string, unknown>;
    const key = `${connection.name}\u0000${definition.name}\u0000${JSON.stringify(schema)}`;
    let validator = this.validators.get(key);
    if (validator === undefined) {
      validator = argumentsValidator(schema, (reason) => this.options.log.warn(`MCP server "${connection.name}": the input schema of ${definition.name} cannot be checked (${reason}); the server checks its arguments itself.`));
      this.validators.set(key, validator);
    }
    return validator;
  }

  /** The tools the model gets, by server: of servers on and not failed for good, those not turned off. */
  private offeredTools(): Array<{ connection: McpServerConnection; definitions: McpToolDefinition[] }> {
    return this.connections
      .filter((connection) => connection.state !== 'disabled' && (connection.state !== 'failed' || connection.retrying))
      .map((connection) => ({ connection, definitions: connection.tools.filter((tool) => !connection.config.disabledTools.includes(tool.name)) }));
  }

  /** Named over every tool of the servers that are on, so turning a tool off does not rename others. */
  private modelNames(): Map<string, Map<string, string>> {
    const on = this.connections.filter((connection) => connection.state !== 'disabled');
    return this.toolNames.namesFor(on.map((connection) => ({ server: connection.name, tools: connection.tools.map((tool) => tool.name) })));
  }

  private changed(): void {
    const running = this.offeredTools().filter(({ connection }) => connection.state === 'connected');
    this.toolNotes.listed(running.map(({ connection, definitions }) => ({ server: connection.name, tools: definitions.map((tool) => tool.name) })));
    for (const listener of this.listeners) listener();
  }
}

function sameConnection(a: McpServerConfig, b: McpServerConfig): boolean {
  const key = (config: McpServerConfig): string => JSON.stringify([config.type, config.command, config.args, config.env, config.cwd, config.url, config.headers, config.oauth]);
  return key(a) === key(b);
}

function signedInOf(signedIn: boolean | undefined): { signedIn?: boolean } {
  return signedIn === undefined ? {} : { signedIn };
}
