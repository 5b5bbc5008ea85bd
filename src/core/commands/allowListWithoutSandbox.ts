import { parseCommandRules } from './commandRules';

/** Commands with no known way to run a program or write a file, the only ones allowed unasked where no sandbox can run. */
export const commandsSafeWithoutSandbox: ReadonlySet<string> = new Set([
  'ls', 'pwd', 'cat', 'head', 'tail', 'wc', 'nl', 'echo', ':', 'true', 'false', 'which', 'stat', 'du', 'df', 'basename',
  'dirname', 'realpath', 'readlink', 'grep', 'egrep', 'fgrep', 'cut', 'tr', 'diff', 'cmp', 'comm', 'uname', 'whoami',
  'md5sum', 'sha1sum', 'sha256sum', 'cksum', 'jq',
]);

/** The allow rules that still apply without a sandbox: prefix rules of the commands above; never regular expressions. */
export function allowRulesWithoutSandbox(rules: readonly string[]): string[] {
  return rules.filter((rule) => {
    const [parsed] = parseCommandRules([rule]);
    return parsed?.kind === 'prefix' && commandsSafeWithoutSandbox.has(parsed.words[0] ?? '');
  });
}
