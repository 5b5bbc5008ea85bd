/**
 * What a terminal would act on rather than show: control characters other than tab and newline
 * (C0, DEL and the C1 controls, so ESC, CSI and OSC sequences, `\r` and backspace), which could move
 * the cursor, clear or retitle the screen, conceal text or write the clipboard; and bidirectional
 * overrides, embeddings, isolates and marks, which could show a command in another order than it runs.
 */
// eslint-disable-next-line no-control-regex
const actedOn = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside Elbow (the model, tools, files, servers), safe to print on a terminal: each
 * character a terminal would act on shows as its escape (`\x1b`, `\u202e`). Elbow's own colours are
 * added after this, so they still work.
 */
export function printable(text: string): string {
  return text.replace(actedOn, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Every string in a value (an agent event, an approval request) made printable; numbers, booleans and the shape stay. */
export function printableStrings<T>(value: T): T {
  return deepPrintable(value) as T;
}

function deepPrintable(value: unknown): unknown {
  if (typeof value === 'string') return printable(value);
  if (Array.isArray(value)) return value.map(deepPrintable);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, deepPrintable(entry)]));
  }
  return value;
}

/** The most of one field (a command, a path, a name) an approval question shows, so its own lines stay on screen. */
export const longestShownField = 500;

/**
 * Text from outside shown inside a line of Elbow's own (an approval question): printable, with
 * newlines and tabs visible (`⏎`, `\t`) so it cannot start a line that looks like Elbow's, and cut
 * at `limit` characters with a note of how many were left out.
 */
export function printableLine(text: string, limit: number = longestShownField): string {
  const line = printable(text).replace(/\n/g, '⏎').replace(/\t/g, '\\t');
  if (line.length <= limit) return line;
  return `${line.slice(0, limit)}… (${line.length - limit} more characters not shown)`;
}
