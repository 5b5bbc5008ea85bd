import type { NamedSymbol, OutlineSymbol, SourcePosition } from '../../../host/codeNavigation';
import type { ToolContext } from '../../tool';
import { clip } from '../../../toolContract/toolTitleText';
import { leftOutNote, visibleLocations } from './locationList';

export const MAX_OUTLINE_ROWS = 200;
export const MAX_WORKSPACE_SYMBOLS = 50;
const MAX_DETAIL_CHARS = 80;

/** An indented outline, `kind name (detail) line N`, capped at `max` rows. */
export function formatOutline(symbols: readonly OutlineSymbol[], max = MAX_OUTLINE_ROWS): string {
  const rows: string[] = [];
  let total = 0;
  const visit = (symbol: OutlineSymbol, depth: number): void => {
    total++;
    if (rows.length < max) {
      const detail = symbol.detail ? ` (${clip(symbol.detail, MAX_DETAIL_CHARS)})` : '';
      rows.push(`${'  '.repeat(depth)}${symbol.kind} ${symbol.name}${detail} line ${symbol.start.line + 1}`);
    }
    for (const child of sortedByLine(symbol.children)) visit(child, depth + 1);
  };
  for (const symbol of sortedByLine(symbols)) visit(symbol, 0);
  if (total > rows.length) rows.push(`… and ${total - rows.length} more symbols.`);
  return rows.join('\n');
}

/** Every name of an outline, depth first. */
export function outlineNames(symbols: readonly OutlineSymbol[]): string[] {
  return symbols.flatMap((symbol) => [symbol.name, ...outlineNames(symbol.children)]);
}

/** Where the outline first declares `name` (outer symbols before their members, then by line). */
export function declaredAt(symbols: readonly OutlineSymbol[], name: string): SourcePosition | undefined {
  const ordered = sortedByLine(symbols);
  return ordered.find((symbol) => symbol.name === name)?.start ?? ordered.map((symbol) => declaredAt(symbol.children, name)).find((start) => start !== undefined);
}

/** Up to `max` names that look like `wanted` (one contains the other, ignoring case). */
export function similarNames(names: readonly string[], wanted: string, max = 5): string[] {
  const lower = wanted.toLowerCase();
  const similar = names.filter((name) => {
    const candidate = name.toLowerCase();
    return candidate.includes(lower) || lower.includes(candidate);
  });
  return [...new Set(similar)].slice(0, max);
}

/** `kind name in container  path:line:column`, workspace symbols inside the workspace only. */
export async function formatWorkspaceSymbols(symbols: readonly NamedSymbol[], context: ToolContext, max = MAX_WORKSPACE_SYMBOLS): Promise<string> {
  const visible = await visibleLocations(symbols.map((symbol) => symbol.location), context);
  const byPlace = new Map(visible.shown.map((location) => [placeKey(location), location.displayPath]));
  const rows: string[] = [];
  let shownCount = 0;
  for (const symbol of symbols) {
    const displayPath = byPlace.get(placeKey(symbol.location));
    if (displayPath === undefined) continue;
    shownCount++;
    if (rows.length >= max) continue;
    const container = symbol.container ? ` in ${symbol.container}` : '';
    rows.push(`${symbol.kind} ${symbol.name}${container}  ${displayPath}:${symbol.location.start.line + 1}:${symbol.location.start.character + 1}`);
  }
  if (shownCount > rows.length) rows.push(`… and ${shownCount - rows.length} more. Use a longer query to narrow them.`);
  const leftOut = leftOutNote(visible.leftOut);
  if (leftOut) rows.push(leftOut);
  return rows.join('\n');
}

function placeKey(location: NamedSymbol['location']): string {
  return `${location.path}:${location.start.line}:${location.start.character}`;
}

function sortedByLine(symbols: readonly OutlineSymbol[]): OutlineSymbol[] {
  return [...symbols].sort((a, b) => a.start.line - b.start.line || a.start.character - b.start.character);
}
