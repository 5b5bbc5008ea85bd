/** The tool names of one server. */
export interface ServerToolNames {
  server: string;
  tools: readonly string[];
}

/**
 * Tells the user when a server's tools change after they were offered to the model: a run keeps the
 * tools it started with (the prompt cache holds), so the change applies from the next message.
 * Each new list of a server is told once.
 */
export class ToolListNotes {
  private offered = new Map<string, readonly string[]>();
  private told = new Map<string, string>();

  constructor(private readonly tell: (text: string) => void) {}

  /** The lists a run is about to offer. */
  offering(lists: readonly ServerToolNames[]): void {
    this.offered = new Map(lists.map(({ server, tools }) => [server, tools]));
    this.told.clear();
  }

  /** The lists of the servers running now. */
  listed(lists: readonly ServerToolNames[]): void {
    for (const { server, tools } of lists) {
      const before = this.offered.get(server);
      if (before === undefined) continue;
      const key = tools.join('\u0000');
      if ((this.told.get(server) ?? before.join('\u0000')) === key) continue;
      this.told.set(server, key);
      const text = toolListChange(server, before, tools);
      if (text !== undefined) this.tell(text);
    }
  }
}

/** E.g. `MCP server "github": 2 tools added (a, b); offered from the next message.`; undefined when the names are the same. */
export function toolListChange(server: string, before: readonly string[], after: readonly string[]): string | undefined {
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  if (added.length === 0 && removed.length === 0) return undefined;
  const parts = [
    ...(added.length === 0 ? [] : [`${counted(added.length, 'tool')} added (${listed(added)})`]),
    ...(removed.length === 0 ? [] : [`${added.length === 0 ? counted(removed.length, 'tool') : String(removed.length)} removed (${listed(removed)})`]),
  ];
  const when = removed.length === 0 ? 'offered from the next message' : added.length === 0 ? 'offered until this message ends' : 'the new list applies from the next message';
  return `MCP server "${server}": ${parts.join(', ')}; ${when}.`;
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function listed(names: readonly string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')}, …`;
}
