/** The user's shell when nothing else names one: `SHELL`, else `/bin/sh`; `ComSpec` (cmd.exe) on Windows. */
export function defaultShell(): string {
  if (process.platform === 'win32') return process.env.ComSpec ?? 'cmd.exe';
  return process.env.SHELL ?? '/bin/sh';
}
