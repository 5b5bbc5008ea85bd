import * as fs from 'node:fs';

/** A folder of `src` inside `core/` or `vscode/` (`vscode` alone: the files directly in `src/vscode/`) → the folders it builds on. */
export type FolderLayers = ReadonlyMap<string, readonly string[]>;

const tableHeading = '### Layers inside `core/` and `vscode/`';

/** The table of docs/architecture.md that orders the folders inside `core/` and `vscode/`. */
export function readFolderLayers(architectureDocument: string): FolderLayers {
  const text = fs.readFileSync(architectureDocument, 'utf8');
  const start = text.indexOf(tableHeading);
  if (start < 0) throw new Error(`${architectureDocument} has no section "${tableHeading}"`);
  const section = text.slice(start + tableHeading.length).split(/\n#{1,3} /)[0] ?? '';
  const layers = new Map<string, string[]>();
  for (const row of section.split('\n')) {
    const cells = row.split('|').map((cell) => cell.trim());
    const folder = /^`((?:core|vscode)(?:\/\w+)?)`$/.exec(cells[1] ?? '')?.[1];
    if (folder === undefined) continue;
    const buildsOn = cells[cells.length - 2] ?? '';
    layers.set(folder, [...buildsOn.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
  }
  return layers;
}

/** The folder a source file of `src` belongs to in the table, or undefined outside `core/` and `vscode/`. */
export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'core' && parts[0] !== 'vscode') return undefined;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Every folder `folder` may import: those it builds on and, through them, theirs. */
export function importableFolders(layers: FolderLayers, folder: string): Set<string> {
  const reached = new Set<string>();
  const pending = [...(layers.get(folder) ?? [])];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (reached.has(next)) continue;
    reached.add(next);
    pending.push(...(layers.get(next) ?? []));
  }
  return reached;
}
