import * as path from 'node:path';

/**
 * Where VS Code keeps its own `rg`; the place moved between versions, so probe them all
 * (the PATH is tried after these).
 */
export function vscodeRipgrepCandidates(appRoot: string, platform: string = process.platform, arch: string = process.arch): string[] {
  const executable = platform === 'win32' ? 'rg.exe' : 'rg';
  const moduleFolders = [path.join(appRoot, 'node_modules'), path.join(appRoot, 'node_modules.asar.unpacked')];
  return moduleFolders.flatMap((modules) => [
    path.join(modules, '@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, executable),
    path.join(modules, '@vscode', 'ripgrep', 'bin', executable),
    path.join(modules, 'vscode-ripgrep', 'bin', executable),
  ]);
}
