import type { SourcePosition } from '../../../host/codeNavigation';
import { ToolError } from '../../../toolContract/toolError';

/** How far from the given line a symbol is still taken as meant there (models are often a line or two off). */
const NEARBY_LINES = 3;

export interface PositionRequest {
  symbol?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
}

/** A symbol that is not in the file; the tool adds similar names before telling the model. */
export class SymbolNotFound extends Error {
  constructor(readonly symbol: string, readonly nearLine: number | undefined) {
    super(`"${symbol}" was not found`);
  }
}

/**
 * The position the model means in a file's lines: `line` + `column`, or `symbol` on (or near) `line`,
 * or the symbol's first occurrence in the file. Throws a `ToolError` for out-of-range input and
 * `SymbolNotFound` for a missing symbol. `declared` is where the file's outline declares the symbol, taken
 * when no line is given.
 */
export function findPosition(lines: readonly string[], request: PositionRequest, shownPath: string, declared?: SourcePosition): SourcePosition {
  const { symbol, line, column } = request;
  if (line !== undefined && (line < 1 || line > lines.length)) {
    throw new ToolError(`line ${line} is out of range: ${shownPath} has ${lines.length} lines.`);
  }
  if (symbol !== undefined && symbol.trim() !== '' && line === undefined && declared) return declared;
  if (symbol !== undefined && symbol.trim() !== '') return findSymbol(lines, symbol.trim(), line);
  if (line === undefined) throw new ToolError('Give symbol (a name in the file), or line and column.');
  const text = lines[line - 1] as string;
  if (column === undefined) {
    const first = text.search(/[A-Za-z_$]/);
    return { line: line - 1, character: Math.max(first, 0) };
  }
  if (column < 1 || column > text.length + 1) {
    throw new ToolError(`column ${column} is out of range: line ${line} of ${shownPath} has ${text.length} characters.`);
  }
  return { line: line - 1, character: column - 1 };
}

function findSymbol(lines: readonly string[], symbol: string, nearLine: number | undefined): SourcePosition {
  const pattern = new RegExp(`(?<![\\w$])${escapeRegExp(symbol)}(?![\\w$])`);
  const order = nearLine === undefined ? lines.map((_, index) => index) : linesNear(nearLine - 1, lines.length);
  for (const index of order) {
    const text = lines[index] as string;
    const match = pattern.exec(text);
    if (match && !inComment(text, match.index)) return { line: index, character: match.index };
  }
  throw new SymbolNotFound(symbol, nearLine);
}

/** The line itself, then one above and one below, outwards. */
function linesNear(center: number, count: number): number[] {
  const order = [center];
  for (let distance = 1; distance <= NEARBY_LINES; distance++) {
    if (center - distance >= 0) order.push(center - distance);
    if (center + distance < count) order.push(center + distance);
  }
  return order;
}

/** A rough test, enough to skip a name mentioned in a comment before the code that uses it. */
function inComment(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return /^\s*(\*|\/\*|#)/.test(text) || before.includes('//');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
