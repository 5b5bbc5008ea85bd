import * as path from 'node:path';
import { readImportGraph, type ImportGraph } from '../../test/support/importGraph';
import type { RecordedWalk } from './recorder';
import { walkResolver } from './resolveWalk';
import { countWalk, webviewSinceExtensionStart, type WalkCounts } from './walkCount';

/** What each walk of the `walks` phase (test/integration/phases/walks.ts) follows. */
export const walkTitles: Record<string, string> = {
  prompt: 'prompt → provider → card (first prompt of a chat)',
  followUp: 'prompt → provider → card (follow-up prompt)',
  edit: 'tool call → document → lenses (edit_file)',
};

/** Every import of src/, type-only ones too, keyed by the path from the repository's root (`src/…`). */
export function sourceImportGraph(root: string): ImportGraph {
  const graph = readImportGraph(path.join(root, 'src'));
  return new Map([...graph].map(([file, targets]) => [`src/${file}`, targets.map((target) => `src/${target}`)]));
}

/** The counts of each recorded walk, its stacks read through the source maps of `<root>/dist/`. */
export function countWalks(recorded: Readonly<Record<string, RecordedWalk>>, root: string, graph: ImportGraph): Record<string, WalkCounts> {
  const resolve = walkResolver(root);
  return Object.fromEntries(
    Object.entries(recorded).map(([name, walk]) => {
      const extension = resolve(walk.extension);
      const webview = resolve(walk.webview);
      return [name, countWalk({ extension, webview: walk.startsIn === 'extension' ? webviewSinceExtensionStart(webview, extension) : webview }, graph)];
    }),
  );
}

/** The summary table, then for each walk its files in order of first entry, its upward calls and its messages. */
export function formatWalks(counts: Readonly<Record<string, WalkCounts>>): string {
  const rows = Object.entries(counts).map(([name, walk]) => [
    walkTitles[name] ?? name,
    `${walk.filesEntered.extension} + ${walk.filesEntered.webview} = ${walk.filesEntered.total}`,
    `${walk.backAndForths.upward} + ${walk.backAndForths.messages} = ${walk.backAndForths.total}`,
  ]);
  const header = ['Walk', 'files entered (extension + webview)', 'back-and-forths (upward calls + messages after the first)'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const lines = [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  for (const [name, walk] of Object.entries(counts)) {
    lines.push('', `${walkTitles[name] ?? name}`);
    for (const side of ['extension', 'webview'] as const) {
      lines.push(`  files entered in the ${side === 'extension' ? 'extension host' : 'webview'} (${walk.files[side].length}), in order of first entry:`);
      lines.push(...walk.files[side].map((file, index) => `    ${String(index + 1).padStart(3)}. ${file}`));
    }
    lines.push(`  upward calls (${walk.upward.length}), caller → callee:`);
    lines.push(...walk.upward.map((call) => `    [${call.side}] ${call.caller} → ${call.callee}`));
    lines.push(`  messages (${walk.messages.length}):`);
    lines.push(...walk.messages.map((message) => `    ${message}`));
  }
  return lines.join('\n');
}
