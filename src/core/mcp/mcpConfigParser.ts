import * as os from 'node:os';
import * as path from 'node:path';
import { parse, printParseErrorCode, stripComments, type ParseError } from 'jsonc-parser';
import * as z from 'zod';
import { isAllowed } from '../sandbox/sandboxEnvironment';
import { substituteVariables, type ConfigVariableValues } from './configVariables';
import { isWorkspaceConfig } from './mcpConfigFiles';
import { defaultMcpTimeoutMs, type McpConfigFile, type McpConfigProblem, type McpServerConfig, type McpTransportType } from './mcpServerConfig';

export interface ParsedMcpConfig {
  servers: McpServerConfig[];
  problems: McpConfigProblem[];
}

/** Elbow, Claude Desktop and Cline write `mcpServers`; VS Code's `.vscode/mcp.json` writes `servers`. */
export const mcpServersKeys = ['mcpServers', 'servers'] as const;

/**
 * Reads one configuration file; a server with problems is left out, the others are still returned.
 * A workspace file's `${env:NAME}` expands only the names sandboxed commands get: the short list
 * and `passedEnvironment` (`elbow.sandbox.passEnvironment`, `--pass-env`).
 */
export function parseMcpConfig(
  text: string,
  file: McpConfigFile,
  environment: Readonly<Record<string, string | undefined>>,
  homeDirectory: string = os.homedir(),
  passedEnvironment: readonly string[] = [],
): ParsedMcpConfig {
  const passed = new Set(passedEnvironment.map((name) => name.trim()));
  const mayExpand = isWorkspaceConfig(file) ? (name: string) => isAllowed(name) || passed.has(name) : undefined;
  return parseDocument(text, file, { environment, workspaceFolder: file.workspaceFolder, homeDirectory, mayExpand });
}

/**
 * The servers of a file nobody has trusted yet, to show them: no `${…}` is substituted (no
 * environment value is read) and URLs are not checked. They are never to be started.
 */
export function parseMcpConfigAsWritten(text: string, file: McpConfigFile): ParsedMcpConfig {
  return parseDocument(text, file, undefined);
}

/** `values`: what `${…}` stands for; `undefined` leaves everything as written. */
function parseDocument(text: string, file: McpConfigFile, values: ConfigVariableValues | undefined): ParsedMcpConfig {
  const source = text.replace(/^\uFEFF/, '');
  if (isBlankJson(source)) return { servers: [], problems: [] };
  const errors: ParseError[] = [];
  const document: unknown = parse(source, errors, { allowTrailingComma: true });
  const [firstError] = errors;
  if (firstError !== undefined) return { servers: [], problems: [{ file: file.display, message: describeJsonError(source, firstError) }] };

  const expectedKey = file.kind === 'vscode' ? 'servers' : 'mcpServers';
  if (!isObject(document)) {
    return { servers: [], problems: [{ file: file.display, message: `expected an object with "${expectedKey}", not ${kindOf(document)}` }] };
  }
  const keys = mcpServersKeys.filter((key) => Object.hasOwn(document, key));
  if (keys.length === 0) {
    if (Object.keys(document).length === 0) return { servers: [], problems: [] };
    return { servers: [], problems: [{ file: file.display, message: `expected the servers under "${expectedKey}": { "<name>": { … } }` }] };
  }

  const result: ParsedMcpConfig = { servers: [], problems: [] };
  for (const key of keys) {
    const table = document[key];
    if (!isObject(table)) {
      result.problems.push({ file: file.display, field: key, message: `expected an object with one entry per server, not ${kindOf(table)}` });
      continue;
    }
    for (const [name, entry] of Object.entries(table)) {
      if (result.servers.some((server) => server.name === name)) continue;
      const parsed = parseServer(name, entry, `${key}${member(name)}`, file, values);
      result.problems.push(...parsed.problems);
      if (parsed.server !== undefined) result.servers.push(parsed.server);
    }
  }
  return result;
}

/** Nothing but white space and comments: a file not filled in yet. */
export function isBlankJson(text: string): boolean {
  return stripComments(text).trim() === '';
}

/** `invalid JSON at 3:14: comma expected`, with the line and column counted from 1. */
export function describeJsonError(text: string, error: ParseError): string {
  const before = text.slice(0, error.offset);
  const line = before.split('\n').length;
  const column = error.offset - before.lastIndexOf('\n');
  const reason = printParseErrorCode(error.error).replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  return `invalid JSON at ${line}:${column}: ${reason}`;
}

function parseServer(
  name: string,
  entry: unknown,
  at: string,
  file: McpConfigFile,
  values: ConfigVariableValues | undefined,
): { server?: McpServerConfig; problems: McpConfigProblem[] } {
  const problem = (field: string, message: string): McpConfigProblem => ({ file: file.display, field, message });
  if (name.trim() === '') return { problems: [problem(at, 'a server needs a name that is not empty')] };
  const checked = serverEntrySchema.safeParse(entry);
  if (!checked.success) {
    return { problems: checked.error.issues.map((issue) => problem(`${at}${issue.path.map(pathSegment).join('')}`, issue.message)) };
  }
  const raw = checked.data;

  const type = raw.type ?? raw.transportType ?? (raw.command !== undefined ? 'stdio' : raw.url !== undefined ? 'http' : undefined);
  if (type === undefined) {
    return { problems: [problem(at, 'needs a "command" (a program to start) or a "url" (a server to connect to)')] };
  }
  if (type === 'stdio' && raw.command === undefined) return { problems: [problem(`${at}.command`, 'is required for a stdio server')] };
  if (type !== 'stdio' && raw.url === undefined) return { problems: [problem(`${at}.url`, `is required for ${transportLabels[type]} server`)] };

  const fields = new FieldSubstitution(at, values, problem);
  if (raw.envFile !== undefined) {
    fields.problems.push(problem(`${at}.envFile`, 'Elbow does not read envFile; put the variables in "env" instead (with ${env:NAME} for secrets)'));
  }
  const server: McpServerConfig = {
    name,
    type,
    args: [],
    env: {},
    headers: {},
    disabled: raw.disabled ?? false,
    timeoutMs: raw.timeout === undefined ? defaultMcpTimeoutMs : Math.round(raw.timeout * 1000),
    alwaysAllow: raw.alwaysAllow ?? [],
    disabledTools: raw.disabledTools ?? [],
    file,
  };
  if (type === 'stdio') fillProgram(server, raw, fields);
  else fillEndpoint(server, raw, fields, values !== undefined);
  fillOAuth(server, raw, fields);
  return fields.leftOut ? { problems: fields.problems } : { server, problems: fields.problems };
}

/** A stdio server's program, arguments, environment and folder, variables substituted. */
function fillProgram(server: McpServerConfig, raw: ServerEntry, fields: FieldSubstitution): void {
  server.written = { command: raw.command, args: raw.args ?? [], env: raw.env ?? {}, ...(raw.cwd === undefined ? {} : { cwd: raw.cwd }), headers: {} };
  server.command = fields.text(raw.command ?? '', 'command');
  server.args = (raw.args ?? []).map((arg, index) => fields.text(arg, `args[${index}]`));
  server.env = fields.record(raw.env ?? {}, 'env');
  if (raw.cwd !== undefined) {
    server.cwd = path.resolve(server.file.workspaceFolder ?? path.dirname(server.file.path), fields.text(raw.cwd, 'cwd'));
  }
}

/** A remote server's URL and headers, variables substituted; a URL that is not http(s) leaves the server out. */
function fillEndpoint(server: McpServerConfig, raw: ServerEntry, fields: FieldSubstitution, substituted: boolean): void {
  server.written = { url: raw.url, args: [], env: {}, headers: raw.headers ?? {} };
  server.url = fields.text(raw.url ?? '', 'url');
  server.headers = fields.record(raw.headers ?? {}, 'headers');
  if (substituted && !fields.leftOut && !isHttpUrl(server.url)) {
    fields.problems.push(fields.problemAt('url', `must be an http:// or https:// URL, not "${raw.url ?? ''}"`));
    fields.leftOut = true;
  }
}

/** `oauth`: only for a remote server that does not send its own Authorization header. */
function fillOAuth(server: McpServerConfig, raw: ServerEntry, fields: FieldSubstitution): void {
  const oauth = raw.oauth;
  if (oauth === undefined) return;
  if (server.type === 'stdio') {
    fields.problems.push(fields.problemAt('oauth', 'is ignored: only remote servers (a "url") sign in with OAuth'));
    return;
  }
  if (Object.keys(server.headers).some((name) => name.toLowerCase() === 'authorization')) {
    fields.problems.push(fields.problemAt('oauth', 'is ignored: the server sends its own Authorization header (remove it to sign in instead)'));
    return;
  }
  server.oauth = {
    ...(oauth.clientId === undefined ? {} : { clientId: fields.text(oauth.clientId, 'oauth.clientId') }),
    ...(oauth.clientSecret === undefined ? {} : { clientSecret: fields.text(oauth.clientSecret, 'oauth.clientSecret') }),
    ...(oauth.scopes === undefined ? {} : { scopes: oauth.scopes }),
    ...(oauth.callbackPort === undefined ? {} : { callbackPort: oauth.callbackPort }),
  };
}

/** Substitutes variables in a server's fields, keeping the problems and whether one leaves the server out. */
class FieldSubstitution {
  readonly problems: McpConfigProblem[] = [];
  leftOut = false;

  constructor(
    private readonly at: string,
    private readonly values: ConfigVariableValues | undefined,
    private readonly problem: (field: string, message: string) => McpConfigProblem,
  ) {}

  problemAt(field: string, message: string): McpConfigProblem {
    return this.problem(`${this.at}.${field}`, message);
  }

  /** `text` with its variables substituted; without values (listing only), as written. */
  text(text: string, field: string): string {
    if (this.values === undefined) return text;
    const substituted = substituteVariables(text, this.values);
    for (const variableProblem of substituted.problems) {
      this.problems.push(this.problemAt(field, variableProblem.message));
      this.leftOut ||= variableProblem.leavesServerOut;
    }
    return substituted.text;
  }

  record(record: Record<string, string>, field: string): Record<string, string> {
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, this.text(value, `${field}${member(key)}`)]));
  }
}

const transportLabels: Record<Exclude<McpTransportType, 'stdio'>, string> = {
  sse: 'an SSE',
  streamableHttp: 'a streamable HTTP',
  http: 'an HTTP',
};

/** Spellings seen in the wild, compared without case, `-` or `_`. */
const transportSpellings: Readonly<Record<string, McpTransportType>> = {
  stdio: 'stdio',
  sse: 'sse',
  streamablehttp: 'streamableHttp',
  http: 'http',
};

const transportField = z
  .string({ error: (issue) => `expected "stdio", "sse", "streamableHttp" or "http", not ${kindOf(issue.input)}` })
  .transform((written, context) => {
    const type = transportSpellings[written.toLowerCase().replace(/[-_]/g, '')];
    if (type !== undefined) return type;
    context.addIssue({ code: 'custom', message: `expected "stdio", "sse", "streamableHttp" or "http", not "${written}"` });
    return z.NEVER;
  });

const stringField = z.string({ error: (issue) => `expected a string, not ${kindOf(issue.input)}` });
const nonEmptyStringField = stringField.min(1, { error: 'must not be empty' });
const stringListField = z.array(stringField, { error: (issue) => `expected an array of strings, not ${kindOf(issue.input)}` });
/** Values as strings; numbers and booleans are taken as written (`"PORT": 8080`). */
const stringMapField = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()], { error: (issue) => `expected a string, not ${kindOf(issue.input)}` }).transform(String),
  { error: (issue) => `expected an object like { "NAME": "value" }, not ${kindOf(issue.input)}` },
);
const timeoutMessage = 'expected a number of seconds from 1 to 86400';
const portMessage = 'expected a port number from 1 to 65535';

/** `oauth`, as Claude Code writes it; `scopes` also as one space-separated string. */
const oauthField = z.object(
  {
    clientId: nonEmptyStringField.optional(),
    clientSecret: nonEmptyStringField.optional(),
    scopes: z
      .union([stringListField, stringField.transform((scopes) => scopes.split(/\s+/).filter((scope) => scope !== ''))], { error: (issue) => `expected an array of scopes, not ${kindOf(issue.input)}` })
      .optional(),
    callbackPort: z.number({ error: (issue) => `${portMessage}, not ${kindOf(issue.input)}` }).int({ error: portMessage }).min(1, { error: portMessage }).max(65_535, { error: portMessage }).optional(),
  },
  { error: (issue) => `expected an object like { "clientId": "…", "scopes": ["…"] }, not ${kindOf(issue.input)}` },
);

/** One server entry as written; unknown fields are ignored. */
const serverEntrySchema = z.object(
  {
    type: transportField.optional(),
    /** Cline's name for `type`. */
    transportType: transportField.optional(),
    command: nonEmptyStringField.optional(),
    args: stringListField.optional(),
    env: stringMapField.optional(),
    /** VS Code's; reported, not read. */
    envFile: z.unknown().optional(),
    cwd: stringField.optional(),
    url: nonEmptyStringField.optional(),
    headers: stringMapField.optional(),
    disabled: z.boolean({ error: (issue) => `expected true or false, not ${kindOf(issue.input)}` }).optional(),
    timeout: z
      .number({ error: (issue) => `${timeoutMessage}, not ${kindOf(issue.input)}` })
      .min(1, { error: timeoutMessage })
      .max(86_400, { error: timeoutMessage })
      .optional(),
    alwaysAllow: stringListField.optional(),
    disabledTools: stringListField.optional(),
    oauth: oauthField.optional(),
  },
  { error: (issue) => `expected an object with the server's settings, not ${kindOf(issue.input)}` },
);
type ServerEntry = z.infer<typeof serverEntrySchema>;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `.github`, or `["my.server"]` when a dot-path would be ambiguous. */
function member(key: string): string {
  return /^[^.[\]\s"]+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function pathSegment(segment: PropertyKey): string {
  return typeof segment === 'number' ? `[${segment}]` : member(String(segment));
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
