import stripAnsi from 'strip-ansi';

/**
 * Terminal output as plain text for the model: escape sequences removed, line endings made
 * `\n`, and a line redrawn with `\r` (progress bars, spinners) kept only as last drawn.
 */
export function terminalText(raw: string): string {
  const text = stripAnsi(raw).replace(/\r+\n/g, '\n');
  return text
    .split('\n')
    .map((line) => {
      const redrawn = line.lastIndexOf('\r', line.length - 2);
      const last = redrawn === -1 ? line : line.slice(redrawn + 1);
      return withoutControlCharacters(last);
    })
    .join('\n');
}

/** Control characters other than tab (bells, backspaces) only confuse the model. */
function withoutControlCharacters(line: string): string {
  if (!hasControlCharacter(line)) return line;
  let kept = '';
  for (const character of line) {
    const code = character.charCodeAt(0);
    if (code === 9 || (code >= 32 && code !== 127)) kept += character;
  }
  return kept;
}

function hasControlCharacter(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if ((code < 32 && code !== 9) || code === 127) return true;
  }
  return false;
}
