/**
 * The name a command is known by whatever path or spelling runs it: `/bin/rm`, `RM` and
 * `rm.exe` are all `rm`. Case is ignored because macOS and Windows find `RM` as `rm`.
 */
export function normalizeCommandName(name: string): string {
  const baseName = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return baseName.toLowerCase().replace(/\.(?:exe|cmd|bat|com)$/, '');
}
