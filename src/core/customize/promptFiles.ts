import * as path from 'node:path';
import { customizationFolders, readCustomizationFile, type CustomizationFolder, type CustomizationReader, type ReadCustomization } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';

/** `copilot`: VS Code's `.prompt.md` files; `claude`: Claude Code's command files, which Elbow's own folders follow. */
export type PromptFileFormat = 'copilot' | 'claude';

export interface FoundPromptFile {
  /** The command name the file's place gives it (`frontend:component` for `frontend/component.md`). */
  name: string;
  format: PromptFileFormat;
  read: ReadCustomization;
}

/** Where prompt files are looked for, in precedence order within one root. */
const workspaceFolders: ReadonlyArray<{ folder: string; format: PromptFileFormat }> = [
  { folder: '.elbow/commands', format: 'claude' },
  { folder: '.claude/commands', format: 'claude' },
  { folder: '.github/prompts', format: 'copilot' },
];
const homeFolders: ReadonlyArray<{ folder: string; format: PromptFileFormat }> = [
  { folder: '.elbow/commands', format: 'claude' },
  { folder: '.claude/commands', format: 'claude' },
];

/** Enough for any real collection; a folder holding more is not read further. */
const maxFilesPerFolder = 500;
const maxDepth = 4;

/**
 * Every prompt file, the user's first (so a cloned repository cannot take over a name the user
 * relies on), then each workspace folder's. Linked folders are not entered.
 */
export async function findPromptFiles(reader: CustomizationReader): Promise<{ files: FoundPromptFile[]; problems: CustomizationProblem[] }> {
  const places: Array<{ folder: CustomizationFolder; format: PromptFileFormat }> = [];
  const home = customizationFolders({ ...reader, workspaceRoots: [] }, [], homeFolders.map((each) => each.folder));
  home.forEach((folder, index) => places.push({ folder, format: homeFolders[index]?.format ?? 'claude' }));
  for (const root of reader.workspaceRoots) {
    const inRoot = customizationFolders({ ...reader, workspaceRoots: [root], homeDirectory: undefined }, workspaceFolders.map((each) => each.folder));
    inRoot.forEach((folder, index) => places.push({ folder, format: workspaceFolders[index]?.format ?? 'claude' }));
  }
  const files: FoundPromptFile[] = [];
  const problems: CustomizationProblem[] = [];
  for (const { folder, format } of places) {
    const names = await namesIn(reader, folder.path, format, problems);
    for (const { name, file } of names) files.push({ name, format, read: await readCustomizationFile(reader, file, folder.origin) });
  }
  return { files, problems };
}

async function namesIn(reader: CustomizationReader, folder: string, format: PromptFileFormat, problems: CustomizationProblem[]): Promise<Array<{ name: string; file: string }>> {
  const found: Array<{ name: string; file: string }> = [];
  const visit = async (current: string, namespace: readonly string[]): Promise<void> => {
    const entries = await reader.files.readDirectory(current).catch(() => []);
    for (const entry of [...entries].sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= maxFilesPerFolder) {
        problems.push({ file: folder, line: 1, rule: `more than ${maxFilesPerFolder} prompt files: the rest are not read` });
        return;
      }
      const full = path.join(current, entry.name);
      // Claude Code names a command in a subfolder `folder:name`; VS Code reads the prompts folder itself.
      if (entry.kind === 'directory' && !entry.isSymbolicLink && format === 'claude' && namespace.length < maxDepth && !entry.name.startsWith('.')) {
        await visit(full, [...namespace, entry.name]);
      } else if (entry.kind !== 'directory') {
        const base = commandFileName(entry.name, format);
        if (base !== undefined) found.push({ name: [...namespace, base].join(':'), file: full });
      }
    }
  };
  await visit(folder, []);
  return found;
}

function commandFileName(fileName: string, format: PromptFileFormat): string | undefined {
  const suffix = format === 'copilot' ? '.prompt.md' : '.md';
  if (!fileName.toLowerCase().endsWith(suffix) || fileName.length === suffix.length) return undefined;
  return fileName.slice(0, -suffix.length);
}
