import type { Word } from 'unbash';
import { needsApproval, type Finding } from './findings';
import { expandGlob } from './globExpansion';
import type { JudgeEnvironment } from './judgeEnvironment';
import { inCode } from './reasonText';
import { hasSubstitution, variablesInWord } from './shellWords';
import { hasWildcard, patternText, wordShape, type PatternPiece } from './wordPatterns';

export interface PathWordOptions {
  /** The command the word belongs to, for the reason. */
  ownerText: string;
  /**
   * How to take a word without `/`, `.` or `~`: as a path (`cd secret`, `> out`), as maybe a file
   * (`cat key.pem`: hidden asks), or not at all (`npm run build`).
   */
  plainWord: 'path' | 'mayBeFile' | 'notPath';
  /** The command takes one-character delimiters glued to options (`cut -d/`), so `-x/` names no folder. */
  takesDelimiters?: boolean;
  /** Bash takes the word as written, without brace or pattern expansion (an assignment's value). */
  literal?: boolean;
}

const harmlessDevices: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdin', '/dev/stdout', '/dev/stderr']);
const urlPattern = /^[a-z][a-z0-9+.-]*:\/\//i;
const longestPlainWord = 255;

/**
 * Judges a shell word that may name a file: hidden by .elbowignore, outside the workspace, or
 * unknowable. Brace expansions and wildcards are expanded as Bash would, and every resulting
 * path is judged.
 */
export function judgePathWord(word: Word, options: PathWordOptions, environment: JudgeEnvironment): Finding | undefined {
  const value = word.value;
  if (value === '' || hasSubstitution(word)) return undefined;
  const shown = inCode(options.ownerText);
  const variable = variablesInWord(word).find((candidate) => !environment.judgedVariables.has(candidate.name));
  if (variable && (variable.atStart || value.includes('/'))) {
    return needsApproval(`${shown} uses ${inCode(`$${variable.name}`)} in a path, which may lie outside the workspace`);
  }
  const shape = options.literal ? { kind: 'plain' as const } : wordShape(word);
  if (shape.kind === 'plain') return judgePathText(value, options, environment, word.text.startsWith('~'));
  if (shape.kind === 'unknowable') return needsApproval(`${shown} ${shape.why}, which Elbow cannot expand to check its paths`);
  return worstFinding(shape.patterns.map((pattern) => judgePattern(pattern, options, environment)));
}

function judgePattern(pattern: readonly PatternPiece[], options: PathWordOptions, environment: JudgeEnvironment): Finding | undefined {
  const text = patternText(pattern);
  if (!hasWildcard(pattern)) return judgePathText(text, options, environment, text.startsWith('~'));
  const shown = inCode(options.ownerText);
  if (text.startsWith('~')) return needsApproval(`${shown} refers to ${text}, which is outside the workspace`);
  if (environment.globsUnknowable !== undefined && !text.startsWith('/')) {
    return needsApproval(`${shown} uses the pattern ${text} after ${environment.globsUnknowable}, so Elbow cannot expand it`);
  }
  const expansion = expandGlob(pattern, environment.context.cwd);
  if (expansion.kind === 'tooLarge') return needsApproval(`${shown} uses the pattern ${text}, which matches too many paths for Elbow to check`);
  const findings = expansion.paths.map((path) => judgePathText(path, options, environment, false));
  const worst = worstFinding(findings);
  // A widened bracket may have matched a hidden file Bash would not.
  if (worst?.kind === 'deny' && expansion.approximate) return needsApproval(`${shown} uses the pattern ${text}, which may match a path .elbowignore hides`);
  return worst;
}

/**
 * Judges an argument's text as a path: options are skipped except the value of `--name=value`
 * and values glued to short options (`-f/etc/x`); URLs are skipped; `~` is expanded when
 * `expandsTilde`, and counts as outside the workspace.
 */
export function judgePathText(text: string, options: PathWordOptions, environment: JudgeEnvironment, expandsTilde: boolean): Finding | undefined {
  if (text.startsWith('-')) {
    const optionValue = /^--[^=]+=(.+)$/s.exec(text)?.[1];
    if (optionValue !== undefined) return judgePathText(optionValue, { ...options, plainWord: 'notPath' }, environment, optionValue.startsWith('~'));
    return text.startsWith('--') ? undefined : judgeAttachedValues(text, options, environment);
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
    absolutePath = joinAsWritten(environment, home, `.${tilde[2] ?? ''}`);
  } else {
    absolutePath = joinAsWritten(environment, context.cwd, text);
  }
  if (harmlessDevices.has(paths.resolve(absolutePath))) return undefined;
  if (environment.pathChecksLeft <= 0) return needsApproval(`${shown} has too many arguments for Elbow to check`);
  environment.pathChecksLeft--;

  const kind = context.classifyPath(absolutePath);
  if (kind === 'hidden') {
    return judgedAsPath
      ? { kind: 'deny', reason: `${shown} refers to ${text}, which .elbowignore hides from Elbow` }
      : needsApproval(`${shown} may refer to ${text}, which .elbowignore hides from Elbow`);
  }
  // A plain file name outside is a link out of the workspace. The home folder is outside whatever the workspace is.
  if ((kind === 'outside' && (judgedAsPath || options.plainWord === 'mayBeFile')) || tilde) {
    return needsApproval(`${shown} refers to ${text}, which is outside the workspace`);
  }
  return undefined;
}

/**
 * `-f/etc/x`, `-fsecret/key.pem`: a short option may carry its value glued on, after any of the
 * option letters before it. Which letter takes a value is not known, so every reading is judged
 * and the answer is at most a question.
 */
function judgeAttachedValues(text: string, options: PathWordOptions, environment: JudgeEnvironment): Finding | undefined {
  for (let start = 2; start < text.length && /[A-Za-z0-9]/.test(text[start - 1] as string); start++) {
    const value = text.slice(start);
    if (options.takesDelimiters && value.length === 1) continue;
    const finding = judgePathText(value, { ...options, plainWord: 'mayBeFile' }, environment, value.startsWith('~'));
    if (!finding) continue;
    const why = finding.reason.includes('.elbowignore') ? 'which .elbowignore hides from Elbow' : finding.reason.includes('outside') ? 'which is outside the workspace' : 'which Elbow cannot check';
    return needsApproval(`${inCode(options.ownerText)} may pass ${value} to ${inCode(text.slice(0, start))}, ${why}`);
  }
  return undefined;
}

/**
 * The absolute path a command reaches, as the system would walk it: `..` is not folded away,
 * because after a symbolic link it leaves the link's target, not the folder holding the link.
 * Windows resolves `..` by name, so there the path is resolved.
 */
function joinAsWritten(environment: JudgeEnvironment, folder: string, text: string): string {
  const { paths } = environment;
  if (environment.isWindowsPath) return paths.resolve(folder, text);
  if (text.startsWith('/')) return text;
  return `${folder.endsWith('/') ? folder.slice(0, -1) : folder}/${text}`;
}

/** The first denial, else the first question. */
export function worstFinding(findings: readonly (Finding | undefined)[]): Finding | undefined {
  return findings.find((finding) => finding?.kind === 'deny') ?? findings.find((finding) => finding !== undefined);
}
