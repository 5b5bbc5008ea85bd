import type { Word, WordPart } from 'unbash';

/** A piece of a word after quote removal: text that stands for itself, or a wildcard the shell expands. */
export type PatternPiece =
  | { kind: 'text'; text: string }
  | { kind: 'star' }
  | { kind: 'question' }
  /** `[abc]`, `[!a-z]`: `source` as written. */
  | { kind: 'bracket'; source: string };

/**
 * What Bash makes of a word before it reaches the command, as far as paths go: the word itself
 * (no braces, no wildcards), the patterns its brace expansion yields (each of which may still
 * hold wildcards), or nothing Elbow can know.
 */
export type WordShape =
  | { kind: 'plain' }
  | { kind: 'patterns'; patterns: PatternPiece[][] }
  | { kind: 'unknowable'; why: string };

type Token = PatternPiece | { kind: 'open' } | { kind: 'comma' } | { kind: 'close' } | { kind: 'expansion' } | { kind: 'unknowable'; why: string };

const mostAlternatives = 1024;

export function wordShape(word: Word): WordShape {
  const tokens = wordTokens(word.parts ?? []);
  const unknowable = tokens.find((token) => token.kind === 'unknowable');
  const expands = tokens.some((token) => token.kind !== 'text' && token.kind !== 'expansion');
  if (!expands) return { kind: 'plain' };
  if (unknowable?.kind === 'unknowable') return { kind: 'unknowable', why: unknowable.why };
  if (tokens.some((token) => token.kind === 'expansion')) {
    return { kind: 'unknowable', why: 'mixes an expansion with wildcards or braces' };
  }
  const alternatives = expandBraces(tokens as BraceToken[]);
  if (alternatives === undefined) return { kind: 'unknowable', why: `has more than ${mostAlternatives} brace alternatives` };
  return { kind: 'patterns', patterns: alternatives.map(mergeText) };
}

/** True when the pattern needs the file system: it holds a wildcard. */
export function hasWildcard(pattern: readonly PatternPiece[]): boolean {
  return pattern.some((piece) => piece.kind !== 'text');
}

/** The pattern as Bash passes it on when nothing matches: its wildcards as written. */
export function patternText(pattern: readonly PatternPiece[]): string {
  return pattern.map((piece) => (piece.kind === 'text' ? piece.text : piece.kind === 'star' ? '*' : piece.kind === 'question' ? '?' : piece.source)).join('');
}

function wordTokens(parts: readonly WordPart[]): Token[] {
  const tokens: Token[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'AnsiCQuoted':
        tokens.push({ kind: 'text', text: part.value });
        break;
      case 'DoubleQuoted':
      case 'LocaleString':
        for (const child of part.parts) tokens.push(child.type === 'Literal' ? { kind: 'text', text: child.value } : { kind: 'expansion' });
        break;
      case 'Glob':
        tokens.push(part.kind === 'bracket' ? { kind: 'bracket', source: part.text } : { kind: part.kind === 'star' ? 'star' : 'question' });
        break;
      case 'BraceExpansion':
        tokens.push(...braceTokens(part.text));
        break;
      case 'ExtendedGlob':
        tokens.push({ kind: 'unknowable', why: 'uses an extended glob' });
        break;
      default:
        tokens.push({ kind: 'expansion' });
    }
  }
  return tokens;
}

/** The raw text of a brace expansion, `{a,b*}`: braces and commas are syntax, wildcards stay wildcards. */
function braceTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (character === '\\') tokens.push({ kind: 'text', text: text[++index] ?? '' });
    else if (character === '{') tokens.push({ kind: 'open' });
    else if (character === ',') tokens.push({ kind: 'comma' });
    else if (character === '}') tokens.push({ kind: 'close' });
    else if (character === '*') tokens.push({ kind: 'star' });
    else if (character === '?') tokens.push({ kind: 'question' });
    else if (character === '[' && text.indexOf(']', index + 2) > 0) {
      const end = text.indexOf(']', index + 2);
      tokens.push({ kind: 'bracket', source: text.slice(index, end + 1) });
      index = end;
    } else if (/['"$`]/.test(character)) tokens.push({ kind: 'unknowable', why: 'quotes or expands inside a brace expansion' });
    else tokens.push({ kind: 'text', text: character });
  }
  return tokens;
}

type BraceToken = Exclude<Token, { kind: 'expansion' } | { kind: 'unknowable' }>;

/** Bash's brace expansion: `a{b,c}d` is `abd acd`, `{1..3}` is `1 2 3`; a brace without a comma or sequence is text. */
function expandBraces(tokens: readonly BraceToken[]): PatternPiece[][] | undefined {
  for (let open = 0; open < tokens.length; open++) {
    if (tokens[open]?.kind !== 'open') continue;
    const group = braceGroup(tokens, open);
    if (group === 'tooMany') return undefined;
    if (group === undefined) continue;
    const prefix = tokens.slice(0, open).map(asText);
    const results: PatternPiece[][] = [];
    for (const alternative of group.alternatives) {
      const expanded = expandBraces([...alternative, ...tokens.slice(group.close + 1)]);
      if (expanded === undefined) return undefined;
      for (const rest of expanded) results.push([...prefix, ...rest]);
      if (results.length > mostAlternatives) return undefined;
    }
    return results;
  }
  return [tokens.map(asText)];
}

function asText(token: BraceToken): PatternPiece {
  if (token.kind === 'open') return { kind: 'text', text: '{' };
  if (token.kind === 'comma') return { kind: 'text', text: ',' };
  if (token.kind === 'close') return { kind: 'text', text: '}' };
  return token;
}

/** The alternatives of the brace group opening at `open`, undefined when it is plain text, `tooMany` for a long sequence. */
function braceGroup(tokens: readonly BraceToken[], open: number): { alternatives: BraceToken[][]; close: number } | 'tooMany' | undefined {
  let depth = 0;
  const alternatives: BraceToken[][] = [[]];
  for (let index = open + 1; index < tokens.length; index++) {
    const token = tokens[index] as BraceToken;
    if (token.kind === 'open') depth++;
    else if (token.kind === 'close' && depth > 0) depth--;
    else if (token.kind === 'close') {
      if (alternatives.length > 1) return { alternatives, close: index };
      const sequence = braceSequence(alternatives[0] ?? []);
      if (sequence === undefined || sequence === 'tooMany') return sequence;
      return { alternatives: sequence.map((text) => [{ kind: 'text', text }]), close: index };
    } else if (token.kind === 'comma' && depth === 0) {
      alternatives.push([]);
      continue;
    }
    alternatives[alternatives.length - 1]?.push(token);
  }
  return undefined;
}

/** `1..5`, `a..e`, `01..10..2`: the texts of a sequence expression, or undefined when it is not one. */
function braceSequence(tokens: readonly BraceToken[]): string[] | 'tooMany' | undefined {
  const text = tokens.map((token) => (token.kind === 'text' ? token.text : '\0')).join('');
  const numbers = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(text);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(text);
  const match = numbers ?? letters;
  if (!match) return undefined;
  const [first, last] = [match[1] as string, match[2] as string];
  const start = numbers ? Number(first) : first.charCodeAt(0);
  const end = numbers ? Number(last) : last.charCodeAt(0);
  const step = Math.abs(Number(match[3] ?? 1)) || 1;
  if (Math.abs(end - start) / step > mostAlternatives) return 'tooMany';
  const padded = numbers !== null && (/^-?0\d/.test(first) || /^-?0\d/.test(last));
  const width = padded ? Math.max(first.length, last.length) : 0;
  const texts: string[] = [];
  for (let value = start; start <= end ? value <= end : value >= end; value += start <= end ? step : -step) {
    texts.push(numbers ? String(value).padStart(width, '0') : String.fromCharCode(value));
  }
  return texts;
}

function mergeText(pattern: readonly PatternPiece[]): PatternPiece[] {
  const merged: PatternPiece[] = [];
  for (const piece of pattern) {
    const last = merged[merged.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = { kind: 'text', text: last.text + piece.text };
    else if (piece.kind !== 'text' || piece.text !== '') merged.push(piece);
  }
  return merged;
}
