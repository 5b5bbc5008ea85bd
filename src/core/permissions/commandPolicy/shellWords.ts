import type { DoubleQuotedChild, Word, WordPart } from 'unbash';

type AnyWordPart = WordPart | DoubleQuotedChild;

/** `$?`, `$#`, `$1`, `$@`…: in a one-off command line these hold numbers or nothing. */
const specialParameter = /^(?:[0-9]+|[?#$!@*-])$/;

function topLevelParts(word: Word): readonly AnyWordPart[] {
  const parts: AnyWordPart[] = [];
  for (const part of word.parts ?? []) {
    if (part.type === 'DoubleQuoted' || part.type === 'LocaleString') parts.push(...part.parts);
    else parts.push(part);
  }
  return parts;
}

const literalPartTypes: ReadonlySet<string> = new Set(['Literal', 'SingleQuoted', 'AnsiCQuoted']);

/** True when the word is not the same text every time: expansions, globs, brace expansion. */
export function isDynamicWord(word: Word): boolean {
  return topLevelParts(word).some((part) => !literalPartTypes.has(part.type));
}

/** True for `$(…)`, backticks and `<(…)`: the hazard is reported on its own. */
export function hasSubstitution(word: Word): boolean {
  return topLevelParts(word).some((part) => part.type === 'CommandExpansion' || part.type === 'ProcessSubstitution');
}

/** The variables the word expands (`$HOME`, `${DIR}`), each with whether the word starts with it. */
export function variablesInWord(word: Word): { name: string; atStart: boolean }[] {
  const variables: { name: string; atStart: boolean }[] = [];
  for (const [index, part] of topLevelParts(word).entries()) {
    let name: string | undefined;
    if (part.type === 'SimpleExpansion') name = part.text.slice(1);
    else if (part.type === 'ParameterExpansion' && part.prefix !== '#') name = part.parameter;
    if (name !== undefined && !specialParameter.test(name)) variables.push({ name, atStart: index === 0 });
  }
  return variables;
}
