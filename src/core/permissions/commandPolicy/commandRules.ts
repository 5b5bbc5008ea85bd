import { normalizeCommandName } from './commandName';

/** An allow or deny rule: a command prefix of whole words, or a regular expression written `/…/` or `/…/i`. */
export type CommandRule =
  | { text: string; kind: 'prefix'; words: readonly string[] }
  | { text: string; kind: 'pattern'; pattern: RegExp };

/**
 * How a rule's first word is compared with a command's name: `exact` for allow rules (`/bin/ls`
 * is not `ls`), `baseName` for deny rules (`/bin/RM` is still `rm`), `ignoreCase` for Windows shells.
 */
export type NameMatching = 'exact' | 'baseName' | 'ignoreCase';

const parsedRules = new Map<string, CommandRule | null>();
const mostCachedRules = 2000;

export function parseCommandRules(rules: readonly string[]): CommandRule[] {
  const parsed: CommandRule[] = [];
  for (const rule of rules) {
    if (typeof rule !== 'string') continue;
    let cached = parsedRules.get(rule);
    if (cached === undefined) {
      if (parsedRules.size >= mostCachedRules) parsedRules.clear();
      cached = parseCommandRule(rule);
      parsedRules.set(rule, cached);
    }
    if (cached) parsed.push(cached);
  }
  return parsed;
}

function parseCommandRule(rule: string): CommandRule | null {
  const text = rule.trim();
  if (text === '') return null;
  const pattern = /^\/(.+)\/(i?)$/s.exec(text);
  if (pattern) {
    try {
      return { text, kind: 'pattern', pattern: new RegExp(pattern[1] as string, pattern[2]) };
    } catch {
      return null;
    }
  }
  const words = splitCommandWords(text);
  return words.length > 0 ? { text, kind: 'prefix', words } : null;
}

/**
 * The first rule matching one of the word lists by prefix, or one of the texts by pattern.
 * Deny rules pass every unwrapped form of a command; allow rules only the command as written.
 */
export function findMatchingRule(
  rules: readonly CommandRule[],
  wordLists: readonly (readonly string[])[],
  texts: readonly string[],
  nameMatching: NameMatching,
): CommandRule | undefined {
  return rules.find((rule) =>
    rule.kind === 'pattern'
      ? texts.some((text) => rule.pattern.test(text))
      : wordLists.some((words) => startsWithRuleWords(words, rule.words, nameMatching)),
  );
}

function startsWithRuleWords(words: readonly string[], ruleWords: readonly string[], nameMatching: NameMatching): boolean {
  if (ruleWords.length > words.length) return false;
  return ruleWords.every((ruleWord, index) => {
    const word = words[index] as string;
    if (index > 0 || nameMatching === 'exact') return word === ruleWord;
    if (nameMatching === 'ignoreCase') return word.toLowerCase() === ruleWord.toLowerCase();
    return normalizeCommandName(word) === normalizeCommandName(ruleWord);
  });
}

/** Splits a command line (an allow-list prefix rule, an MCP server command) into words; single and double quotes group words with spaces. */
export function splitCommandWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: string | undefined;
  for (const character of text) {
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else current += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      inWord = true;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += character;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** A word as written in a rule so that `splitCommandWords` gives it back; undefined when it cannot be. */
export function quoteCommandWord(word: string): string | undefined {
  if (/^[\w@%+=:,./\\~^-]+$/.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  if (!word.includes('"')) return `"${word}"`;
  return undefined;
}
