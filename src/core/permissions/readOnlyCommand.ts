import { classifyCommandPath } from './commandPathClass';
import { defaultAllowList } from './commandPolicy/defaultAllowList';
import { judgeCommand } from './commandPolicy/judgeCommand';
import type { CommandCheck } from './permissionGate';

/**
 * Whether a command line only reads, judged against the built-in allow list rather than the
 * user's (which may allow `npm test` or `git commit`): every sub-command must be on it, with no
 * writing redirection, risky option or path outside the workspace. Says why not, or `undefined`.
 */
export function whyNotReadOnly(check: CommandCheck): string | undefined {
  const { sandbox } = check;
  const judgement = judgeCommand(check.command, {
    allow: defaultAllowList,
    deny: [],
    cwd: check.cwd,
    classifyPath: (absolute) => classifyCommandPath(absolute, check),
    platform: check.platform,
    shell: sandbox.available ? sandbox.shell : check.shell,
    homeDirectory: check.homeDirectory,
    hiddenFilesUnmasked: !sandbox.available,
  });
  return judgement.verdict === 'allow' ? undefined : judgement.reasons.join('; ');
}
