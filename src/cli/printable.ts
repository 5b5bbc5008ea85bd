// Control characters other than tab and newline, C1 controls included: in text from the model or from files they could
// move the cursor, recolour or retitle the terminal, or hide what the user is asked about.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text from the model or a file, safe to print on a terminal: each control character shows as its `\x..` escape. */
export function printable(text: string): string {
  return text.replace(controlCharacters, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
