import { splitCommandWords } from '../../core/permissions/commandPolicy/commandRules';

export type NewServerKind = 'stdio' | 'http' | 'sse';

/** A configuration entry for a server the user described in the "Add MCP Server" steps. */
export function newServerEntry(kind: NewServerKind, target: string): Record<string, unknown> {
  if (kind !== 'stdio') return { type: kind === 'http' ? 'streamableHttp' : 'sse', url: target.trim() };
  const [command, ...args] = splitCommandWords(target);
  return { type: 'stdio', command, args };
}

/** What is wrong with the command line or URL typed, for the input box; `undefined` when fine. */
export function targetProblem(kind: NewServerKind, target: string): string | undefined {
  if (kind === 'stdio') {
    const words = splitCommandWords(target);
    return words.length === 0 ? 'Type the command that starts the server, e.g. npx -y @modelcontextprotocol/server-everything' : undefined;
  }
  try {
    const url = new URL(target.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'The URL must start with http:// or https://';
  } catch {
    return 'Type the server\'s URL, e.g. https://example.com/mcp';
  }
}

/** A short name to suggest: the package (`server-everything` → `everything`) or the host. */
export function suggestedName(kind: NewServerKind, target: string): string {
  if (kind !== 'stdio') {
    try {
      return clean(new URL(target.trim()).hostname.split('.').filter((part) => part !== 'www' && part !== 'mcp')[0] ?? 'server');
    } catch {
      return 'server';
    }
  }
  const words = splitCommandWords(target).filter((word) => !word.startsWith('-'));
  const packageWord = words.find((word) => word.includes('/') || word.includes('server')) ?? words.at(-1) ?? 'server';
  const base = packageWord.split('/').at(-1)?.replace(/@[^@]*$/, '').replace(/\.(js|py|ts)$/, '') ?? 'server';
  return clean(base.replace(/^mcp-server-|^server-|-mcp-server$|-mcp$/g, ''));
}

function clean(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '-').replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'server' : cleaned;
}
