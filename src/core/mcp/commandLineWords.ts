/**
 * Splits a command line the way a POSIX shell splits plain words: spaces separate, single and
 * double quotes group, a backslash escapes the next character. Nothing is expanded.
 */
export function tokenize(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | '\'' | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) word = (word ?? '') + line[++index];
      else word = (word ?? '') + char;
    } else if (char === '"' || char === '\'') {
      quote = char;
      word ??= '';
    } else if (char === '\\' && index + 1 < line.length) {
      word = (word ?? '') + line[++index];
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
