import * as path from 'node:path';

/** How to hand one command line to a shell. */
export interface ShellInvocation {
  file: string;
  args: string[];
  /** cmd.exe parses its own command line, so Node must not quote it (as Node does for `shell: true`). */
  windowsVerbatimArguments: boolean;
}

/** The program and arguments that run `command` through `shell` (bash, zsh, fish, sh, cmd.exe, PowerShell). */
export function shellInvocation(shell: string, command: string): ShellInvocation {
  // win32's basename splits on both `/` and `\`, so it serves POSIX paths too.
  const name = path.win32.basename(shell).toLowerCase().replace(/\.exe$/, '');
  if (name === 'cmd') {
    // `/s` strips the outer quotes and keeps the rest verbatim.
    return { file: shell, args: ['/d', '/s', '/c', `"${command}"`], windowsVerbatimArguments: true };
  }
  if (name === 'powershell' || name === 'pwsh') {
    return { file: shell, args: ['-NoProfile', '-NonInteractive', '-Command', command], windowsVerbatimArguments: false };
  }
  return { file: shell, args: ['-c', command], windowsVerbatimArguments: false };
}
