import type { SourceLocation } from '../../../host/codeNavigation';
import type { ToolContext } from '../../tool';
import { clip } from '../../../toolContract/toolTitleText';
import { decodeFile, splitLines } from '../textFile';

const MAX_CONTEXT_CHARS = 200;

/** Locations the model may see, and how many were left out for being outside the workspace or hidden by `.elbowignore`. */
export interface VisibleLocations {
  shown: Array<SourceLocation & { displayPath: string }>;
  leftOut: number;
}

/**
 * Keeps the locations inside a workspace folder and not hidden, sorted by path and line, without
 * duplicates. Those left out are only counted: a hidden file's name is not told, and a path outside
 * every folder (a library's install, another project) is no place the tools could read.
 */
export async function visibleLocations(locations: readonly SourceLocation[], context: ToolContext): Promise<VisibleLocations> {
  const isHidden = await context.workspace.hiddenPathTest();
  const seen = new Set<string>();
  const shown: VisibleLocations['shown'] = [];
  let leftOut = 0;
  for (const location of locations) {
    const key = `${location.path}:${location.start.line}:${location.start.character}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const displayPath = context.workspace.displayPath(location.path);
    if (displayPath === location.path || isHidden(location.path, false)) {
      leftOut++;
      continue;
    }
    shown.push({ ...location, displayPath });
  }
  shown.sort((a, b) => a.displayPath.localeCompare(b.displayPath) || a.start.line - b.start.line || a.start.character - b.start.character);
  return { shown, leftOut };
}

/** `path:line:column: source line`, 1-based, at most `max` of them, with a count of the rest. */
export async function formatLocations(visible: VisibleLocations, max: number, context: ToolContext): Promise<string> {
  const lines = new FileLines(context);
  const rows: string[] = [];
  for (const location of visible.shown.slice(0, max)) {
    const text = await lines.line(location.path, location.start.line);
    const place = `${location.displayPath}:${location.start.line + 1}:${location.start.character + 1}`;
    rows.push(text === undefined ? place : `${place}: ${clip(text, MAX_CONTEXT_CHARS)}`);
  }
  const rest = visible.shown.length - max;
  if (rest > 0) rows.push(`… and ${rest} more.`);
  const leftOut = leftOutNote(visible.leftOut);
  if (leftOut) rows.push(leftOut);
  return rows.join('\n');
}

export function leftOutNote(count: number): string | undefined {
  return count > 0 ? `(${count} result(s) outside the workspace or hidden by .elbowignore not shown.)` : undefined;
}

/** Reads each file once for the lines of context. */
class FileLines {
  private readonly files = new Map<string, Promise<string[] | undefined>>();

  constructor(private readonly context: ToolContext) {}

  async line(path: string, index: number): Promise<string | undefined> {
    let lines = this.files.get(path);
    if (!lines) {
      lines = this.read(path);
      this.files.set(path, lines);
    }
    return (await lines)?.[index];
  }

  private async read(path: string): Promise<string[] | undefined> {
    try {
      const decoded = decodeFile(await this.context.host.files.readFile(path));
      return decoded.kind === 'text' ? splitLines(decoded.text) : undefined;
    } catch {
      return undefined;
    }
  }
}
