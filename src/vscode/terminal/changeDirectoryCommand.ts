import * as path from 'node:path';

/** The command line that makes `shell` change to `folder`, quoted for that shell. */
export function changeDirectoryCommand(shell: string, folder: string): string {
  const name = path.basename(shell).toLowerCase().replace(/\.exe$/, '');
  if (name === 'pwsh' || name === 'powershell') return `Set-Location -LiteralPath '${folder.replace(/'/g, "''")}'`;
  if (name === 'cmd') return `cd /d "${folder}"`;
  if (name === 'fish') return `cd '${folder.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `cd '${folder.replace(/'/g, `'\\''`)}'`;
}
