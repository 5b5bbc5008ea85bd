/**
 * A workspace path whose content makes programs run or changes what Elbow does: commands in the
 * sandbox cannot change it, and tools change it only after asking the user, even with
 * auto-approve on.
 */
export interface ProtectedPath {
  /** Relative to the workspace folder, `/`-separated. */
  path: string;
  kind: 'file' | 'directory';
  /** Why it is protected, for the user. */
  why: string;
  /** Protected by name in every folder (`packages/lib/.npmrc`), not only at the root. */
  anyDepth?: boolean;
}

/** Files that make a program run code or take instructions, wherever they lie: each folder can hold its own. */
const anyDepth = true;

/**
 * The built-in list, the one home of what is protected; `elbow.sandbox.protectedPaths` adds to
 * it. Entries marked `anyDepth` are protected by name in every folder for Elbow's own tools; the
 * sandbox mounts the ones at the root of each workspace folder read-only. See docs/sandbox.md.
 */
export const builtinProtectedPaths: readonly ProtectedPath[] = [
  { path: '.git/config', kind: 'file', why: 'git runs the programs it names (fsmonitor, pager, hooks path, aliases, filters)' },
  { path: '.git/hooks', kind: 'directory', why: 'git runs the scripts in it' },
  { path: '.gitmodules', kind: 'file', anyDepth, why: 'your editor opens the submodules it lists, and git runs what their configuration names' },
  { path: '.elbow', kind: 'directory', anyDepth, why: "Elbow's own configuration, which names the MCP servers it starts" },
  { path: '.vscode', kind: 'directory', anyDepth, why: "VS Code's settings (Elbow's too), tasks and launch configurations" },
  { path: '.elbowignore', kind: 'file', why: 'it decides what Elbow hides from its tools and commands' },
  { path: 'AGENTS.md', kind: 'file', anyDepth, why: 'coding agents follow its instructions' },
  // What coding agents read as instructions, skills, commands, agents and hooks (Elbow among them: docs/customize.md).
  { path: 'CLAUDE.md', kind: 'file', anyDepth, why: 'coding agents follow its instructions' },
  { path: '.claude', kind: 'directory', anyDepth, why: 'coding agents run its hooks and follow its skills, commands and agents' },
  { path: '.agents', kind: 'directory', anyDepth, why: 'coding agents follow the skills in it' },
  ...['prompts', 'agents', 'skills', 'instructions', 'hooks'].map((folder): ProtectedPath => ({ path: `.github/${folder}`, kind: 'directory', why: 'coding agents follow the prompts, agents, skills and instructions in it' })),
  { path: '.github/copilot-instructions.md', kind: 'file', why: 'coding agents follow its instructions' },
  { path: '.github/chatmodes', kind: 'directory', why: 'coding agents follow the modes in it' },
  ...['GEMINI.md', 'CLAUDE.local.md', '.cursorrules', '.windsurfrules'].map((name): ProtectedPath => ({ path: name, kind: 'file', anyDepth, why: 'coding agents follow its instructions' })),
  // Other agents' configurations, which start MCP servers and run hooks with the user's rights.
  ...['.mcp.json', 'opencode.json', 'opencode.jsonc'].map((name): ProtectedPath => ({ path: name, kind: 'file', anyDepth, why: 'coding agents start the MCP servers it names' })),
  ...['.cursor', '.gemini', '.roo', '.zed', '.codex', '.continue', '.opencode', '.windsurf', '.kilocode', '.clinerules'].map((name): ProtectedPath => ({ path: name, kind: 'directory', anyDepth, why: 'coding agents and editors start the servers and follow the rules it holds' })),
  { path: '.envrc', kind: 'file', anyDepth, why: 'direnv runs it in your shell' },
  { path: '.npmrc', kind: 'file', anyDepth, why: 'npm reads the programs it runs from it (script-shell, git, node-options)' },
  { path: '.yarnrc', kind: 'file', anyDepth, why: 'yarn runs the program its yarn-path names' },
  { path: '.yarnrc.yml', kind: 'file', anyDepth, why: 'yarn runs the program its yarnPath names' },
  // Git hook managers: git runs their scripts on your next commit.
  { path: '.husky', kind: 'directory', anyDepth, why: 'husky runs the hooks in it when you commit' },
  { path: '.githooks', kind: 'directory', anyDepth, why: 'git runs the hooks in it when it is the hooks path' },
  { path: '.lefthook', kind: 'directory', anyDepth, why: 'lefthook runs the scripts in it when you commit' },
  ...['lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook-local.yml', 'lefthook-local.yaml', '.lefthook-local.yml', '.lefthook-local.yaml'].map(
    (name): ProtectedPath => ({ path: name, kind: 'file', anyDepth, why: 'lefthook runs the commands it names when you commit' }),
  ),
  { path: '.pre-commit-config.yaml', kind: 'file', anyDepth, why: 'pre-commit runs the commands it names when you commit' },
];

/** A path from the setting: relative to each workspace folder; a trailing `/` marks a folder. */
export function protectedPathFromSetting(text: string): ProtectedPath | undefined {
  const trimmed = text.trim().replace(/\\/g, '/').replace(/^\.\/+/, '');
  const isDirectory = trimmed.endsWith('/');
  const path = trimmed.replace(/\/+$/, '');
  if (path === '' || path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..')) return undefined;
  const why = path.endsWith('.code-workspace') ? "it holds this workspace's settings, Elbow's among them" : 'your settings protect it (elbow.sandbox.protectedPaths)';
  return { path, kind: isDirectory ? 'directory' : 'file', why };
}

/**
 * The protected entry covering `relativePath` (relative to its workspace folder), if any: the
 * path itself or a folder holding it, at the root or, for `anyDepth` entries, in any folder.
 * Case is ignored, as on the disks of macOS and Windows.
 */
export function findProtectedPath(relativePath: string, protectedPaths: readonly ProtectedPath[]): ProtectedPath | undefined {
  const segments = relativePath.replace(/\\/g, '/').toLowerCase().split('/');
  const covers = (entry: ProtectedPath, wanted: string): boolean => {
    const protectedPath = entry.path.toLowerCase();
    return wanted === protectedPath || (entry.kind === 'directory' && wanted.startsWith(`${protectedPath}/`));
  };
  const atRoot = segments.join('/');
  const found = protectedPaths.find((entry) => covers(entry, atRoot));
  if (found !== undefined) return found;
  for (let start = 1; start < segments.length; start++) {
    const below = segments.slice(start).join('/');
    const nested = protectedPaths.find((entry) => entry.anyDepth === true && covers(entry, below));
    if (nested !== undefined) return nested;
  }
  return undefined;
}
