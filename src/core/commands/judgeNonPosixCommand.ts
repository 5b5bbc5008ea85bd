import { alwaysAllowPrefix } from './alwaysAllowPrefix';
import { normalizeCommandName } from './commandName';
import { findMatchingRule } from './commandRules';
import { needsApproval, type Finding } from './findings';
import type { JudgeEnvironment } from './judgeEnvironment';
import { judgePathText } from './pathArguments';
import { inCode } from './reasonText';
import { findRiskyArgument } from './riskyArguments';

/** Characters that chain, redirect, expand or escape in cmd.exe or PowerShell. */
const shellSyntax = /[&|;<>^%$`(){}\r\n]/;
const commandSeparators = /[&|;\r\n(){}]+/;
/** A cmd.exe switch such as `/s`, `/b` or `/a:h`, not a path. */
const cmdSwitch = /^\/[a-z?]{1,2}(?::\S*)?$/i;
const shellRunners: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh', 'start', 'call']);
const codeRunners: ReadonlySet<string> = new Set(['cmd', 'powershell', 'pwsh', 'iex', 'invoke-expression', 'invoke-command', 'start-process', '.']);

/**
 * Judges a command line for cmd.exe, PowerShell or another shell Elbow cannot parse: split on
 * whitespace; any shell syntax asks, unless a deny rule matches one of its parts.
 */
export function judgeNonPosixCommand(commandLine: string, environment: JudgeEnvironment): Finding[] {
  const text = commandLine.trim();
  const shown = inCode(text);
  for (const part of text.split(commandSeparators)) {
    const words = splitWords(part);
    if (words.length === 0) continue;
    const layers = [words, ...runnerLayers(words)];
    const denyRule = findMatchingRule(environment.denyRules, layers, [part.trim(), text], 'baseName');
    if (denyRule) return [{ kind: 'deny', reason: `${inCode(part)} matches the deny rule ${inCode(denyRule.text)}` }];
  }
  const syntax = shellSyntax.exec(text);
  if (syntax) {
    const shownSyntax = syntax[0] === '\n' || syntax[0] === '\r' ? 'a line break' : inCode(syntax[0]);
    return [needsApproval(`${shown} uses ${shownSyntax}, which Elbow cannot judge in ${environment.shellName}, so it always needs approval`)];
  }

  const words = splitWords(text);
  const findings: Finding[] = [];
  if (codeRunners.has(normalizeCommandName(words[0] ?? ''))) {
    findings.push(needsApproval(`${shown} runs code Elbow cannot see, which always needs approval`));
  }
  const risky = findRiskyArgument(words);
  if (risky !== undefined) findings.push(needsApproval(`${shown} ${risky}, which always needs approval`));
  if (!findMatchingRule(environment.allowRules, [words], [text], 'ignoreCase')) {
    findings.push({ kind: 'notAllowed', reason: `${shown} is not on the allow list`, alwaysAllow: alwaysAllowPrefix(words) });
  }
  for (const word of words.slice(1)) {
    const pathText = word.replace(/"/g, '');
    if (cmdSwitch.test(pathText)) continue;
    const finding = judgePathText(pathText, { ownerText: text, plainWord: 'notPath' }, environment, pathText.startsWith('~'));
    if (finding) findings.push(finding);
  }
  return findings;
}

function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** `cmd /c del x`, `start "" del x`, `pwsh -Command del x`: the command after the runner's options. */
function runnerLayers(words: readonly string[]): string[][] {
  if (!shellRunners.has(normalizeCommandName(words[0] ?? ''))) return [];
  const rest = words.slice(1);
  const firstCommand = rest.findIndex((word) => !/^[/-]/.test(word) && word !== '""');
  return firstCommand < 0 ? [] : [rest.slice(firstCommand), ...runnerLayers(rest.slice(firstCommand))];
}
