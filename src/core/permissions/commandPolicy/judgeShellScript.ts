import { normalizeCommandName } from './commandName';
import { isDirectoryChange } from './directoryChanges';
import { needsApproval, type Finding } from './findings';
import type { JudgeEnvironment } from './judgeEnvironment';
import { judgeSimpleCommand } from './judgeSimpleCommand';
import { judgeUnparsedCommand } from './judgeUnparsedCommand';
import { judgePathWord } from './pathArguments';
import { inCode } from './reasonText';
import { collectShellFacts, type ShellFacts, type ShellHazard } from './shellFacts';

const deepestNestedScript = 8;

/** Judges a Bash command line part by part; `depth` counts the `bash -c '…'` levels around it. */
export function judgeShellScript(source: string, environment: JudgeEnvironment, depth: number): Finding[] {
  if (depth > deepestNestedScript) return [needsApproval('the command nests shell code too deeply for Elbow to judge')];
  const facts = collectShellFacts(source);
  const findings: Finding[] = [];
  for (const variable of facts.loopVariables) environment.judgedVariables.add(variable);
  environment.globsUnknowable ??= globsUnknowable(facts);
  for (const hazard of facts.hazards) findings.push(needsApproval(hazardReason(hazard)));
  for (const operand of facts.pathOperands) {
    // Loop words reach the loop's commands as arguments: `for f in secret; do grep -r x "$f"; done`.
    const plainWord = operand.use === 'redirectTarget' ? 'path' : operand.use === 'loopWord' ? 'mayBeFile' : 'notPath';
    const finding = judgePathWord(operand.word, { ownerText: operand.ownerText, plainWord, literal: operand.use === 'assignmentValue' }, environment);
    if (finding) findings.push(finding);
  }
  const judgeNestedScript = (script: string, shell: string): Finding[] =>
    shell === 'bash'
      ? judgeShellScript(script, environment, depth + 1)
      : // Another shell reads the code its own way: both readings are judged, for deny rules.
        [...judgeShellScript(script, environment, depth + 1), ...judgeUnparsedCommand(script, environment, shell)];
  for (const command of facts.commands) findings.push(...judgeSimpleCommand(command, environment, judgeNestedScript));
  return findings;
}

/** Relative wildcards are expanded where the line starts; after a folder change or `shopt` that is not where Bash expands them. */
function globsUnknowable(facts: ShellFacts): string | undefined {
  for (const command of facts.commands) {
    const name = command.words[0];
    if (name === undefined) continue;
    if (isDirectoryChange(name) && command.words[1] !== '.') return `${inCode(command.text)} changes folder`;
    if (normalizeCommandName(name) === 'shopt') return `${inCode(command.text)} changes how Bash expands patterns`;
  }
  return undefined;
}

function hazardReason(hazard: ShellHazard): string {
  const shown = inCode(hazard.text);
  switch (hazard.kind) {
    case 'commandSubstitution':
      return `${shown} uses \`$(…)\` command substitution, which always needs approval`;
    case 'backtickSubstitution':
      return `${shown} uses backtick command substitution, which always needs approval`;
    case 'processSubstitution':
      return `${shown} uses ${inCode(`${hazard.detail.slice(0, 1)}(…)`)} process substitution, which always needs approval`;
    case 'background':
      return `${shown} runs in the background, which always needs approval`;
    case 'functionDefinition':
      return `${shown} defines the function ${inCode(hazard.detail)}, which always needs approval`;
    case 'coprocess':
      return `${shown} starts a coprocess, which always needs approval`;
    case 'parseError':
      return `the command could not be fully parsed (${hazard.detail}), so it always needs approval`;
    case 'outputRedirect':
      return `${shown} writes to ${hazard.detail}, which always needs approval`;
    case 'arithmetic':
      return `${shown} ${hazard.detail}, which always needs approval`;
  }
}
