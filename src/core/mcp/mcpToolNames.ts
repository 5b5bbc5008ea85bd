import { createHash } from 'node:crypto';

/** What the providers accept as a tool name (OpenAI and Anthropic alike). */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

export interface ServerTools {
  server: string;
  /** As the server names them. */
  tools: readonly string[];
}

/**
 * The names the model sees for MCP tools: `mcp__<server>__<tool>`, with characters the providers
 * refuse replaced by `_`, long names shortened with a hash of the original, and names that
 * would collide (after replacing, or with `taken` ones) numbered. The same input gives the same
 * names, so the request prefix stays stable for prompt caching.
 */
export function modelToolNames(servers: readonly ServerTools[], taken: Iterable<string> = []): Map<string, Map<string, string>> {
  return new ToolNameBook(taken).namesFor(servers);
}

/**
 * Model names that stay with their tool: once a server's tool has a name, no other tool is given it for as long as
 * the book is kept, even after that tool is gone. A name in the conversation so always means the one server's tool
 * it meant then: a server whose name cleans up like another's (`my.db`, `my_db`) cannot take that tool's name by
 * adding a tool of the same name later.
 */
export class ToolNameBook {
  /** By server and tool (`server\0tool`). */
  private readonly given = new Map<string, string>();
  private readonly used: Set<string>;

  constructor(taken: Iterable<string> = []) {
    this.used = new Set(taken);
  }

  /** The names of the tools, by server and tool; a tool seen before keeps its name. */
  namesFor(servers: readonly ServerTools[]): Map<string, Map<string, string>> {
    const names = new Map<string, Map<string, string>>();
    for (const { server, tools } of servers) {
      const byTool = new Map<string, string>();
      for (const tool of tools) byTool.set(tool, this.nameOf(server, tool));
      names.set(server, byTool);
    }
    return names;
  }

  private nameOf(server: string, tool: string): string {
    const key = `${server}\u0000${tool}`;
    const given = this.given.get(key);
    if (given !== undefined) return given;
    const name = unique(baseName(server, tool), this.used);
    this.used.add(name);
    this.given.set(key, name);
    return name;
  }
}

function baseName(server: string, tool: string): string {
  const name = `mcp__${clean(server)}__${clean(tool)}`;
  if (name.length <= MAX_LENGTH) return name;
  const hash = createHash('sha256').update(`${server}\u0000${tool}`).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_LENGTH - hash.length - 1)}_${hash}`;
}

function clean(part: string): string {
  const cleaned = part.replace(/[^a-zA-Z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

function unique(name: string, used: ReadonlySet<string>): string {
  if (!used.has(name)) return name;
  for (let number = 2; ; number++) {
    const suffix = `_${number}`;
    const candidate = `${name.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
