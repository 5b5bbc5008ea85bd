import { escapeRegExp } from './includeGlob';

/** Thrown for a pattern that is not a valid regular expression; the message is for the model. */
export class InvalidPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPatternError';
  }
}

/**
 * A JavaScript RegExp for the built-in searcher, matched against one line at a time.
 * Unicode mode is tried first (like ripgrep's regex engine); patterns only valid without it
 * (e.g. needless escapes such as `\:`) still work.
 */
export function compileLinePattern(pattern: string, options: { literal: boolean; caseSensitive: boolean }): RegExp {
  const source = options.literal ? escapeRegExp(pattern) : pattern;
  const flags = options.caseSensitive ? '' : 'i';
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new InvalidPatternError(`Invalid regular expression ${JSON.stringify(pattern)}: ${reason}`);
    }
  }
}
