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
}

/** The built-in list; `elbow.sandbox.protectedPaths` adds to it. See docs/sandbox.md. */
export const builtinProtectedPaths: readonly ProtectedPath[] = [
  { path: '.git/config', kind: 'file', why: 'git runs the programs it names (fsmonitor, pager, hooks path, aliases, filters)' },
  { path: '.git/hooks', kind: 'directory', why: 'git runs the scripts in it' },
  { path: '.gitmodules', kind: 'file', why: 'your editor opens the submodules it lists, and git runs what their configuration names' },
  { path: '.elbow', kind: 'directory', why: "Elbow's own configuration, which names the MCP servers it starts" },
  { path: '.vscode', kind: 'directory', why: "VS Code's settings (Elbow's too), tasks and launch configurations" },
  { path: '.elbowignore', kind: 'file', why: 'it decides what Elbow hides from its tools and commands' },
  { path: 'AGENTS.md', kind: 'file', why: 'every conversation follows its instructions' },
  { path: '.envrc', kind: 'file', why: 'direnv runs it in your shell' },
  { path: '.npmrc', kind: 'file', why: 'npm reads the programs it runs from it (script-shell, git, node-options)' },
  { path: '.yarnrc', kind: 'file', why: 'yarn runs the program its yarn-path names' },
  { path: '.yarnrc.yml', kind: 'file', why: 'yarn runs the program its yarnPath names' },
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
 * path itself or a folder holding it. Case is ignored, as on the disks of macOS and Windows.
 */
export function findProtectedPath(relativePath: string, protectedPaths: readonly ProtectedPath[]): ProtectedPath | undefined {
  const wanted = relativePath.replace(/\\/g, '/').toLowerCase();
  return protectedPaths.find((entry) => {
    const protectedPath = entry.path.toLowerCase();
    return wanted === protectedPath || (entry.kind === 'directory' && wanted.startsWith(`${protectedPath}/`));
  });
}
