import type { Word } from 'unbash';
import { needsApproval, type Finding } from './findings';
import type { JudgeEnvironment } from './judgeEnvironment';
import { inCode } from './reasonText';
import { braceExpansionText, hasSubstitution, literalTextBeforeGlob, variablesInWord } from './shellWords';

export interface PathWordOptions {
  /** The command the word belongs to, for the reason. */
  ownerText: string;
  /**
   * How to take a word without `/`, `.` or `~`: as a path (`cd secret`, `> out`), as maybe a file
   * (`cat key.pem`: hidden asks), or not at all (`npm run build`).
   */
  plainWord: 'path' | 'mayBeFile' | 'notPath';
}

const harmlessDevices: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdin', '/dev/stdout', '/dev/stderr']);
const urlPattern = /^[a-z][a-z0-9+.-]*:\/\//i;
const longestPlainWord = 255;

/** Judges a shell word that may name a file: hidden by .elbowignore, outside the workspace, or unknowable. */
export function judgePathWord(word: Word, options: PathWordOptions, environment: JudgeEnvironment): Finding | undefined {
  const value = word.value;
  if (value === '' || hasSubstitution(word)) return undefined;
  const shown = inCode(options.ownerText);
  const variable = variablesInWord(word).find((candidate) => !environment.judgedVariables.has(candidate.name));
  if (variable && (variable.atStart || value.includes('/'))) {
    return needsApproval(`${shown} uses ${inCode(`$${variable.name}`)} in a path, which may lie outside the workspace`);
  }
  if (/[/~]|\.\./.test(braceExpansionText(word))) {
    return needsApproval(`${shown} builds a path with a brace expansion, which may lie outside the workspace`);
  }
  const globPrefix = literalTextBeforeGlob(word);
  if (globPrefix !== undefined) {
    const directory = globPrefix.slice(0, globPrefix.lastIndexOf('/') + 1);
    if (directory === '') return undefined;
    return judgePathText(directory, { ...options, plainWord: 'path' }, environment, word.text.startsWith('~'));
  }
  return judgePathText(value, options, environment, word.text.startsWith('~'));
}

/**
 * Judges an argument's text as a path: options are skipped except the value of `--name=value`,
 * URLs are skipped, `~` is expanded when `expandsTilde`.
 */
export function judgePathText(text: string, options: PathWordOptions, environment: JudgeEnvironment, expandsTilde: boolean): Finding | undefined {
  if (text.startsWith('-')) {
    const optionValue = /^--[^=]+=(.+)$/s.exec(text)?.[1];
    return optionValue === undefined ? undefined : judgePathText(optionValue, { ...options, plainWord: 'notPath' }, environment, optionValue.startsWith('~'));
  }
  if (text === '' || urlPattern.test(text)) return undefined;
  const shown = inCode(options.ownerText);
  const { context, paths } = environment;
  const tilde = expandsTilde ? /^~([^/\\]*)(.*)$/s.exec(text) : null;
  const looksLikePath = tilde !== null || text.includes('/') || text.startsWith('.') || (environment.isWindowsPath && /[\\:]/.test(text));
  const judgedAsPath = looksLikePath || options.plainWord === 'path';
  if (!judgedAsPath && (options.plainWord === 'notPath' || text.length > longestPlainWord || /\s/.test(text))) return undefined;

  let absolutePath: string;
  if (tilde) {
    const home = context.homeDirectory;
    if (tilde[1] !== '' || !home) return needsApproval(`${shown} refers to ${text}, which is outside the workspace`);
    absolutePath = paths.resolve(home, `.${tilde[2] ?? ''}`);
  } else {
    absolutePath = paths.resolve(context.cwd, text);
  }
  if (harmlessDevices.has(absolutePath)) return undefined;
  if (environment.pathChecksLeft <= 0) return needsApproval(`${shown} has too many arguments for Elbow to check`);
  environment.pathChecksLeft--;

  const kind = context.classifyPath(absolutePath);
  if (kind === 'hidden') {
    return judgedAsPath
      ? { kind: 'deny', reason: `${shown} refers to ${text}, which .elbowignore hides from Elbow` }
      : needsApproval(`${shown} may refer to ${text}, which .elbowignore hides from Elbow`);
  }
  if (kind === 'outside' && judgedAsPath) return needsApproval(`${shown} refers to ${text}, which is outside the workspace`);
  return undefined;
}
