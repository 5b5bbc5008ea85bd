import { alwaysAllowPrefix } from './alwaysAllowPrefix';
import { findMatchingRule } from './commandRules';
import { unwrapCommand } from './commandWrappers';
import { isDirectoryChange, judgeHiddenDestination } from './directoryChanges';
import { fileOperandIndexes, takesGluedDelimiters } from './fileOperands';
import { needsApproval, type Finding } from './findings';
import type { JudgeEnvironment } from './judgeEnvironment';
import { nestedScriptOf } from './nestedScripts';
import { judgePathWord } from './pathArguments';
import { inCode } from './reasonText';
import { findGluedOptionValue, findRecursiveRead, findRiskyArgument } from './riskyArguments';
import { isRiskyVariable } from './riskyVariables';
import type { SimpleCommand } from './shellFacts';
import { isDynamicWord } from './shellWords';

/**
 * Judges one simple command: deny rules (also through wrappers), shell code it runs, risky
 * variables and options, the allow list and its path arguments. `judgeNestedScript` judges the
 * code of `bash -c '…'` or `eval '…'` like a command line of its own.
 */
export function judgeSimpleCommand(
  command: SimpleCommand,
  environment: JudgeEnvironment,
  judgeNestedScript: (script: string, shell: string) => Finding[],
): Finding[] {
  const shown = inCode(command.text);
  const findings: Finding[] = [];
  for (const assignment of command.assignments) {
    if (isRiskyVariable(assignment.name)) findings.push(setsRiskyVariable(shown, assignment.name));
    else if (assignment.value.type === 'Word' && /\$\(|`/.test(assignment.value.value)) {
      // Arithmetic evaluation runs `$(…)` found in a variable's value: `x='a[$(rm y)]'; ((x))`.
      findings.push(needsApproval(`${shown} stores text that looks like a command substitution, which always needs approval`));
    }
  }
  const name = command.name;
  if (!name) return findings;
  if (isDynamicWord(name)) {
    findings.push(needsApproval(`${shown} takes its command name from an expansion, which always needs approval`));
    findings.push(...judgeCommandPaths(command, environment));
    return findings;
  }

  const { layers, assignedVariables } = unwrapCommand(command.words);
  for (const variable of assignedVariables) if (isRiskyVariable(variable)) findings.push(setsRiskyVariable(shown, variable));
  const texts = [command.text, ...layers.map((layer) => layer.join(' '))];
  const denyRule = findMatchingRule(environment.denyRules, layers, texts, 'baseName');
  if (denyRule) findings.push({ kind: 'deny', reason: `${shown} matches the deny rule ${inCode(denyRule.text)}` });

  for (const layer of layers) {
    const nested = nestedScriptOf(layer);
    if (nested) {
      findings.push(needsApproval(`${shown} ${nested.description}, which always needs approval`));
      if (nested.script !== undefined) findings.push(...judgeNestedScript(nested.script, nested.shell));
      if (nested.readsInput) for (const input of command.inputTexts) findings.push(...judgeNestedScript(input, nested.shell));
    }
    const risky = findRiskyArgument(layer);
    if (risky !== undefined) findings.push(needsApproval(`${shown} ${risky}, which always needs approval`));
    const recursive = environment.context.hiddenFilesUnmasked ? findRecursiveRead(layer) : undefined;
    if (recursive !== undefined) {
      findings.push(needsApproval(`${shown} ${recursive} to read every file under a folder, where files .elbowignore hides may be, and no sandbox hides them`));
    }
    const glued = environment.context.hiddenFilesUnmasked ? findGluedOptionValue(layer) : undefined;
    if (glued !== undefined) findings.push(needsApproval(`${shown} ${glued}, whose value may name a file to read, and no sandbox checks it`));
  }

  if (!findMatchingRule(environment.allowRules, [command.words], [command.text], 'exact')) {
    findings.push({ kind: 'notAllowed', reason: `${shown} is not on the allow list`, alwaysAllow: alwaysAllowPrefix(command.words) });
  }
  findings.push(...judgeCommandPaths(command, environment));
  return findings;
}

function setsRiskyVariable(shown: string, variable: string): Finding {
  return needsApproval(`${shown} sets ${variable}, which changes how commands run and always needs approval`);
}

function judgeCommandPaths(command: SimpleCommand, environment: JudgeEnvironment): Finding[] {
  const findings: Finding[] = [];
  const name = command.name;
  if (!name) return findings;
  if (name.value.includes('/')) {
    // Running a program from outside is ordinary (`/usr/bin/env`); running a hidden one is not.
    const finding = judgePathWord(name, { ownerText: command.text, plainWord: 'notPath' }, environment);
    if (finding?.kind === 'deny') findings.push(finding);
  }
  const changesDirectory = isDirectoryChange(name.value);
  if (changesDirectory) {
    const destination = judgeHiddenDestination(command.words, command.text);
    if (destination) findings.push(destination);
  }
  const takesDelimiters = takesGluedDelimiters(name.value);
  const fileOperands = fileOperandIndexes(name.value, command.argumentWords.map((word) => word.value));
  for (const [index, word] of command.argumentWords.entries()) {
    const plainWord = changesDirectory ? 'path' : fileOperands.has(index) ? 'mayBeFile' : 'notPath';
    const finding = judgePathWord(word, { ownerText: command.text, plainWord, takesDelimiters }, environment);
    if (finding) findings.push(finding);
  }
  return findings;
}
