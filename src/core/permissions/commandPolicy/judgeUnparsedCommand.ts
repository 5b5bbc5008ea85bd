import { alwaysAllowPrefix } from './alwaysAllowPrefix';
import { arithmeticInCommand } from './arithmeticEvaluation';
import { normalizeCommandName } from './commandName';
import { findMatchingRule, type NameMatching } from './commandRules';
import { unwrapCommand } from './commandWrappers';
import { judgeHiddenDestination, isDirectoryChange } from './directoryChanges';
import { fileOperandIndexes, takesGluedDelimiters } from './fileOperands';
import { needsApproval, type Finding } from './findings';
import { isWindowsShell as isWindowsShellName, type JudgeEnvironment } from './judgeEnvironment';
import { nestedScriptOf } from './nestedScripts';
import { judgePathText } from './pathArguments';
import { inCode } from './reasonText';
import { findRiskyArgument } from './riskyArguments';
import { isRiskyVariable } from './riskyVariables';

/** Characters that chain, redirect, expand, escape or match files in cmd.exe or PowerShell. */
const windowsSyntax = /[&|;<>^%$`(){}*?\r\n]/;
/**
 * For sh, dash, zsh, ksh, fish and the rest, only characters no POSIX-like shell treats
 * specially pass: no quotes, escapes, expansions, wildcards, braces, comments or operators.
 */
const posixSyntax = /[^A-Za-z0-9_@%+=:,./~ \t-]/;
const commandSeparators = /[&|;\r\n(){}]+/;
/** A cmd.exe switch such as `/s`, `/b` or `/a:h`, not a path. */
const cmdSwitch = /^\/[a-z?]{1,2}(?::\S*)?$/i;
const windowsRunners: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh', 'start', 'call']);
const windowsCodeRunners: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh', 'iex', 'invoke-expression', 'invoke-command', 'start-process', '.']);

/**
 * Judges a command line for a shell Elbow does not parse, every shell but Bash: split on
 * whitespace; any shell syntax asks, unless a deny rule matches one of its parts. `shellName`
 * defaults to the shell of the environment.
 */
export function judgeUnparsedCommand(commandLine: string, environment: JudgeEnvironment, shellName = environment.shellName): Finding[] {
  const isWindowsShell = isWindowsShellName(shellName);
  const text = commandLine.trim();
  const shown = inCode(text);
  for (const part of text.split(commandSeparators)) {
    const words = splitWords(part);
    if (words.length === 0) continue;
    const layers = isWindowsShell ? [words, ...runnerLayers(words)] : unwrapCommand(words).layers;
    const denyRule = findMatchingRule(environment.denyRules, layers, [part.trim(), text], 'baseName');
    if (denyRule) return [{ kind: 'deny', reason: `${inCode(part)} matches the deny rule ${inCode(denyRule.text)}` }];
  }
  const syntax = (isWindowsShell ? windowsSyntax : posixSyntax).exec(text);
  if (syntax) {
    const shownSyntax = syntax[0] === '\n' || syntax[0] === '\r' ? 'a line break' : inCode(syntax[0]);
    return [needsApproval(`${shown} uses ${shownSyntax}, which Elbow cannot judge in ${shellName}, so it always needs approval`)];
  }

  const words = splitWords(text);
  const findings = isWindowsShell ? judgeWindowsForms(words, shown) : judgePosixForms(words, text, shown);
  const nameMatching: NameMatching = isWindowsShell ? 'ignoreCase' : 'exact';
  if (!findMatchingRule(environment.allowRules, [words], [text], nameMatching)) {
    findings.push({ kind: 'notAllowed', reason: `${shown} is not on the allow list`, alwaysAllow: alwaysAllowPrefix(words) });
  }
  const name = words[0] ?? '';
  const plainWords = isWindowsShell ? new Set<number>() : fileOperandIndexes(name, words.slice(1));
  const changesDirectory = !isWindowsShell && isDirectoryChange(name);
  const takesDelimiters = takesGluedDelimiters(name);
  for (const [index, word] of words.slice(1).entries()) {
    const pathText = isWindowsShell ? word.replace(/"/g, '') : word;
    if (isWindowsShell && cmdSwitch.test(pathText)) continue;
    const plainWord = changesDirectory ? 'path' : plainWords.has(index) ? 'mayBeFile' : 'notPath';
    const finding = judgePathText(pathText, { ownerText: text, plainWord, takesDelimiters }, environment, pathText.startsWith('~'));
    if (finding) findings.push(finding);
  }
  return findings;
}

function judgeWindowsForms(words: readonly string[], shown: string): Finding[] {
  const findings: Finding[] = [];
  if (windowsCodeRunners.has(normalizeCommandName(words[0] ?? ''))) {
    findings.push(needsApproval(`${shown} runs code Elbow cannot see, which always needs approval`));
  }
  const risky = findRiskyArgument(words);
  if (risky !== undefined) findings.push(needsApproval(`${shown} ${risky}, which always needs approval`));
  return findings;
}

/** The checks the Bash judge makes of a simple command, on plain words. */
function judgePosixForms(words: readonly string[], text: string, shown: string): Finding[] {
  const findings: Finding[] = [];
  // zsh runs `=ls` as the program `ls` found on the PATH.
  if (words.some((word) => word.startsWith('='))) findings.push(needsApproval(`${shown} starts a word with \`=\`, which zsh expands to a program's path`));
  const { layers, assignedVariables } = unwrapCommand(words);
  for (const word of words) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word);
    if (!assignment) break;
    assignedVariables.push(assignment[1] as string);
  }
  for (const variable of assignedVariables) {
    if (isRiskyVariable(variable)) findings.push(needsApproval(`${shown} sets ${variable}, which changes how commands run and always needs approval`));
  }
  for (const layer of layers) {
    const nested = nestedScriptOf(layer);
    if (nested) findings.push(needsApproval(`${shown} ${nested.description}, which always needs approval`));
    const risky = findRiskyArgument(layer);
    if (risky !== undefined) findings.push(needsApproval(`${shown} ${risky}, which always needs approval`));
  }
  const arithmetic = arithmeticInCommand(words);
  if (arithmetic !== undefined) findings.push(needsApproval(`${shown} ${arithmetic}, which always needs approval`));
  const destination = judgeHiddenDestination(words, text);
  if (destination) findings.push(destination);
  return findings;
}

function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** `cmd /c del x`, `start "" del x`, `pwsh -Command del x`: the command after the runner's options. */
function runnerLayers(words: readonly string[]): string[][] {
  if (!windowsRunners.has(normalizeCommandName(words[0] ?? ''))) return [];
  const rest = words.slice(1);
  const firstCommand = rest.findIndex((word) => !/^[/-]/.test(word) && word !== '""');
  return firstCommand < 0 ? [] : [rest.slice(firstCommand), ...runnerLayers(rest.slice(firstCommand))];
}
