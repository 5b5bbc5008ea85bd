import type { ImportGraph } from '../../test/support/importGraph';

/** A walk's event once its stack is read: the file entered and the nearest file of src/ below it on the stack. */
export type WalkEvent =
  | { kind: 'enter'; file: string; caller?: string }
  | { kind: 'post'; file: string; type: string }
  | { kind: 'receive'; type: string };

/** One walk as both sides recorded it, in order. */
export interface WalkTrace {
  extension: readonly WalkEvent[];
  webview: readonly WalkEvent[];
}

export type WalkSide = 'extension' | 'webview';

/** A call from a file into a file that imports it (directly or through others): control going back up. */
export interface UpwardCall {
  side: WalkSide;
  caller: string;
  callee: string;
}

export interface WalkCounts {
  /** Files of src/ with a function entered, in order of first entry. */
  files: Record<WalkSide, string[]>;
  filesEntered: Record<WalkSide | 'total', number>;
  /** Distinct upward calls, in order of first occurrence. */
  upward: UpwardCall[];
  /** The messages between the extension and the webview, in the order the webview sent or received them. */
  messages: string[];
  backAndForths: { upward: number; messages: number; total: number };
}

/**
 * The walk's counts (see docs/testing.md, "Walks"): files entered on each side; back-and-forths = distinct upward
 * calls (caller file → callee file where the callee's file imports the caller's, type-only imports included) plus
 * every message between extension and webview after the first.
 */
export function countWalk(trace: WalkTrace, graph: ImportGraph): WalkCounts {
  const above = importsTransitively(graph);
  const upward: UpwardCall[] = [];
  const seenUpward = new Set<string>();
  const files = { extension: [] as string[], webview: [] as string[] };
  for (const side of ['extension', 'webview'] as const) {
    const entered = new Set<string>();
    for (const event of trace[side]) {
      if (event.kind !== 'enter') continue;
      entered.add(event.file);
      const { caller } = event;
      if (caller === undefined || caller === event.file || !above(event.file, caller)) continue;
      const key = `${side} ${caller} ${event.file}`;
      if (seenUpward.has(key)) continue;
      seenUpward.add(key);
      upward.push({ side, caller, callee: event.file });
    }
    files[side] = [...entered];
  }
  const messages = trace.webview.flatMap((event) => {
    if (event.kind === 'post') return [`webview → extension: ${event.type}`];
    if (event.kind === 'receive') return [`extension → webview: ${event.type}`];
    return [];
  });
  const messageHops = Math.max(0, messages.length - 1);
  return {
    files,
    filesEntered: { extension: files.extension.length, webview: files.webview.length, total: files.extension.length + files.webview.length },
    upward,
    messages,
    backAndForths: { upward: upward.length, messages: messageHops, total: upward.length + messageHops },
  };
}

/**
 * The webview's part of a walk that starts in the extension: from the first message the extension sent after the
 * start (the last `posted` messages the webview received are those).
 */
export function webviewSinceExtensionStart(webview: readonly WalkEvent[], extension: readonly WalkEvent[]): WalkEvent[] {
  const posted = extension.filter((event) => event.kind === 'post').length;
  const receipts = webview.flatMap((event, index) => (event.kind === 'receive' ? [index] : []));
  if (posted === 0) return [];
  const first = receipts[Math.max(0, receipts.length - posted)];
  return first === undefined ? [] : webview.slice(first);
}

/** Whether `importer` imports `imported`, directly or through other files (memoized per importer). */
function importsTransitively(graph: ImportGraph): (importer: string, imported: string) => boolean {
  const reachable = new Map<string, ReadonlySet<string>>();
  const reach = (start: string): ReadonlySet<string> => {
    const known = reachable.get(start);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const pending = [...(graph.get(start) ?? [])];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...(graph.get(file) ?? []));
    }
    reachable.set(start, seen);
    return seen;
  };
  return (importer, imported) => reach(importer).has(imported);
}
