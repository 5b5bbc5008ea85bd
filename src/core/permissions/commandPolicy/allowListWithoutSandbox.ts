import { parseCommandRules } from './commandRules';

/**
 * Commands with no known way to run a program or write a file, the only ones allowed unasked
 * where no sandbox can run. Taken from the default allow list, less these:
 * - cd: an interactive shell's folder hooks (direnv, zsh's chpwd) run the code of the folder entered.
 * - printf: `printf -v 'a[$(cmd)]'` assigns through a subscript that Bash evaluates.
 * - test, [: `test -v 'a[$(cmd)]'` evaluates a subscript.
 * - command -v: rules are kept by their first word, and `command` runs the program it names.
 * - file: `--compile` writes a magic file, and it parses every file with a large C parser.
 * - rg: `--pre` runs a program on every file searched.
 * - find: `-exec`, `-delete`, `-fprint` run programs and write files.
 * - sort: `--output` writes and `--compress-program` runs a program.
 * - uniq: a second operand is written.
 * - tree: `-o` writes its listing to a file.
 * - date: `--set` changes the system clock.
 * - shasum: a Perl program, whose start-up the environment can change.
 * - jq: `env` and `$ENV` print the environment, Elbow's API keys included, which no sandbox removed.
 * - git, every subcommand: hooks, aliases, `core.fsmonitor`, pagers and diff drivers from the
 *   repository's configuration run programs.
 * - node, npm, pnpm, yarn, python, python3, tsc, go, cargo, rustc, deno, bun `--version`: the
 *   program found may be the workspace's (node_modules/.bin, a virtual environment), and
 *   toolchain files (rust-toolchain.toml, go.mod's toolchain, .npmrc) choose what runs.
 */
export const commandsSafeWithoutSandbox: ReadonlySet<string> = new Set([
  'ls', 'pwd', 'cat', 'head', 'tail', 'wc', 'nl', 'echo', ':', 'true', 'false', 'which', 'type', 'stat', 'du', 'df',
  'basename', 'dirname', 'realpath', 'readlink', 'grep', 'egrep', 'fgrep', 'cut', 'tr', 'diff', 'cmp', 'comm', 'uname',
  'whoami', 'md5sum', 'sha1sum', 'sha256sum', 'cksum',
]);

/** The allow rules that still apply without a sandbox: prefix rules of the commands above; never regular expressions. */
export function allowRulesWithoutSandbox(rules: readonly string[]): string[] {
  if (!Array.isArray(rules)) return [];
  return rules.filter((rule) => {
    const [parsed] = parseCommandRules([rule]);
    return parsed?.kind === 'prefix' && commandsSafeWithoutSandbox.has(parsed.words[0] ?? '');
  });
}
