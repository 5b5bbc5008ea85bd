import { needsApproval, type Finding } from './findings';
import type { JudgeEnvironment } from './judgeEnvironment';
import { judgeSimpleCommand } from './judgeSimpleCommand';
import { judgePathWord } from './pathArguments';
import { inCode } from './reasonText';
import { collectShellFacts, type ShellHazard } from './shellFacts';

const deepestNestedScript = 8;

/** Judges a Bash-like command line part by part; `depth` counts the `bash -c '…'` levels around it. */
export function judgeShellScript(source: string, environment: JudgeEnvironment, depth: number): Finding[] {
  if (depth > deepestNestedScript) return [needsApproval('the command nests shell code too deeply for Elbow to judge')];
  const facts = collectShellFacts(source);
  const findings: Finding[] = [];
  for (const variable of facts.loopVariables) environment.judgedVariables.add(variable);
  for (const hazard of facts.hazards) {
    const reason = hazardReason(hazard, environment);
    if (reason !== undefined) findings.push(needsApproval(reason));
  }
  for (const operand of facts.pathOperands) {
    const finding = judgePathWord(operand.word, { ownerText: operand.ownerText, plainWord: operand.isRedirectTarget ? 'path' : 'notPath' }, environment);
    if (finding) findings.push(finding);
  }
  for (const command of facts.commands) {
    findings.push(...judgeSimpleCommand(command, environment, (script) => judgeShellScript(script, environment, depth + 1)));
  }
  return findings;
}

function hazardReason(hazard: ShellHazard, environment: JudgeEnvironment): string | undefined {
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
    case 'extendedGlob':
      // zsh glob qualifiers such as `*(e:'…':)` run code.
      return environment.shellName === 'zsh' ? `${shown} uses a zsh glob qualifier, which always needs approval` : undefined;
  }
}
