/**
 * The `core.hooksPath` a git configuration file sets, as written, or undefined. Git runs the
 * hooks in that folder, so when it lies in the workspace (`.husky`, `.githooks`) it is protected
 * like `.git/hooks`. Reads the plain `[core]` section only; includes are not followed.
 */
export function hooksPathOf(configText: string): string | undefined {
  let inCore = false;
  let found: string | undefined;
  for (const rawLine of configText.split(/\r?\n/)) {
    const line = rawLine.trim();
    const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (section) {
      inCore = section[1]?.toLowerCase() === 'core';
      continue;
    }
    if (!inCore) continue;
    const setting = /^hookspath\s*=\s*(.*)$/i.exec(line);
    if (setting) found = unquote(withoutComment(setting[1] ?? ''));
  }
  return found === '' ? undefined : found;
}

function withoutComment(value: string): string {
  let inQuotes = false;
  for (let index = 0; index < value.length; index++) {
    const character = value[index];
    if (character === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (character === '#' || character === ';')) return value.slice(0, index).trim();
  }
  return value.trim();
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}
