import { readsFiles } from './fileOperands';
import { normalizeCommandName } from './commandName';
import { skipOptions, subcommandPrograms } from './subcommandPrograms';

/** Arguments that make an otherwise read-only command write files or run programs. */
interface RiskyArgumentRule {
  /**
   * Risky options: `--long` also matches `--long=value`; a two-character `-x` also matches `-xvalue`;
   * anything else (find's `-exec`) must match the whole word.
   */
  options?: readonly string[];
  /**
   * The program's option parser takes any unambiguous start of a long option for the whole
   * (GNU getopt_long, git's parse-options: `--compress-prog` is `--compress-program`), so a
   * word naming the start of a risky long option is risky too.
   */
  abbreviatesLongOptions?: boolean;
  /** Risky one-letter options, also inside clusters like `-uo`. */
  shortLetters?: string;
  /** One-letter options that take the rest of a cluster as their value, ending the scan. */
  valueLetters?: string;
  /** Options risky only before the subcommand (`git -c`); after it they mean something else. */
  globalOptions?: readonly string[];
  /** A risk the option table cannot describe; returns what the command does. */
  check?: (args: readonly string[]) => string | undefined;
}

const riskyArgumentRules: Readonly<Record<string, RiskyArgumentRule>> = {
  // find's own parser compares whole words: `-exe` is an error, not `-exec`.
  find: { options: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'] },
  sort: { options: ['--output', '--compress-program'], abbreviatesLongOptions: true, shortLetters: 'o', valueLetters: 'kSTt' },
  // Subcommand options go through parse-options (`git grep --open-files-in`, `git fetch --upload-pa`);
  // the global options before the subcommand are compared whole by git.c, and `-O` may end any
  // cluster (`git grep -nO<pager>`), so no letter is taken for a value.
  git: {
    options: ['--output', '--open-files-in-pager', '-O', '--exec', '--upload-pack', '--receive-pack', '--ext-diff'],
    abbreviatesLongOptions: true,
    shortLetters: 'O',
    globalOptions: ['-c', '--config-env', '--exec-path'],
  },
  // ripgrep's parser takes long options only whole.
  rg: { options: ['--pre', '--hostname-bin'] },
  // tree compares long options whole, and takes its values from the next words, never from the cluster: `-ao out` writes.
  tree: { options: ['-o', '-R'], shortLetters: 'oR' },
  date: { options: ['--set'], abbreviatesLongOptions: true, shortLetters: 's', valueLetters: 'dfrI' },
  sed: { options: ['--in-place'], abbreviatesLongOptions: true, shortLetters: 'i', valueLetters: 'efl' },
  file: { options: ['--compile'], abbreviatesLongOptions: true, shortLetters: 'C', valueLetters: 'emfFP' },
  uniq: { check: uniqWritesOutputFile },
};

const grepRecursion: RiskyArgumentRule = {
  options: ['--recursive', '--dereference-recursive', '--directories'],
  abbreviatesLongOptions: true,
  shortLetters: 'rRd',
  valueLetters: 'efmABCD',
};

/**
 * Options that make a reader read every file under a folder. In a sandbox that is fine (it hides
 * what .elbowignore hides); without one, only the paths a command names are checked.
 */
const recursiveReadRules: Readonly<Record<string, RiskyArgumentRule>> = {
  grep: grepRecursion,
  egrep: grepRecursion,
  fgrep: grepRecursion,
  diff: { options: ['--recursive'], abbreviatesLongOptions: true, shortLetters: 'r', valueLetters: 'CUFIxXSLWD' },
};

/** What makes this command risky (`uses \`-delete\``), or undefined. */
export function findRiskyArgument(words: readonly string[]): string | undefined {
  return findArgumentOf(words, riskyArgumentRules);
}

/** The option that makes this command read a whole folder tree (`uses \`-r\``), or undefined. */
export function findRecursiveRead(words: readonly string[]): string | undefined {
  return findArgumentOf(words, recursiveReadRules);
}

/** Values that name no file: numbers, and colour choices. */
const plainOptionValue = /^--(?:colou?r|[a-z-]+)=(?:\d+|auto|always|never)$/i;

/**
 * A long option of a file reader with a value glued on (`wc --files0-from=list`, `grep --file=p`):
 * the value may name a file to read, and only operands are checked as paths. Without a sandbox
 * such a command asks (`uses \`--files0-from=…\``); numbers and colour choices are let through.
 */
export function findGluedOptionValue(words: readonly string[]): string | undefined {
  if (words[0] === undefined || !readsFiles(words[0])) return undefined;
  for (const word of words.slice(1)) {
    if (word === '--') break;
    const glued = /^(--[^=]+)=(.+)$/s.exec(word);
    if (glued !== null && !plainOptionValue.test(word)) return `uses \`${glued[1]}=…\``;
  }
  return undefined;
}

function findArgumentOf(words: readonly string[], rules: Readonly<Record<string, RiskyArgumentRule>>): string | undefined {
  const name = words[0] === undefined ? undefined : normalizeCommandName(words[0]);
  const rule = name === undefined || !Object.hasOwn(rules, name) ? undefined : rules[name];
  if (name === undefined || !rule) return undefined;
  const checked = rule.check?.(words.slice(1));
  if (checked !== undefined) return checked;
  const subcommandIndex = skipOptions(words, 1, subcommandPrograms[name]?.valueOptions);
  for (const [index, word] of words.entries()) {
    if (word === '--') break;
    if (index === 0 || !word.startsWith('-') || word === '-') continue;
    const isGlobal = index < subcommandIndex;
    const global = isGlobal ? (rule.globalOptions ?? []).find((candidate) => matchesOption(word, candidate, false)) : undefined;
    if (global !== undefined) return `uses \`${global}\``;
    const option = (rule.options ?? []).find((candidate) => matchesOption(word, candidate, rule.abbreviatesLongOptions === true));
    if (option !== undefined) return `uses \`${option}\``;
    const letter = rule.shortLetters === undefined ? undefined : riskyLetterInCluster(word, rule.shortLetters, rule.valueLetters ?? '');
    if (letter !== undefined) return `uses \`-${letter}\``;
  }
  return undefined;
}

function matchesOption(word: string, option: string, abbreviates: boolean): boolean {
  if (option.startsWith('--')) {
    const name = word.split('=', 1)[0] as string;
    if (name === option) return true;
    return abbreviates && name.length > 2 && name.startsWith('--') && option.startsWith(name);
  }
  if (option.length === 2) return word.startsWith(option);
  return word === option;
}

function riskyLetterInCluster(word: string, riskyLetters: string, valueLetters: string): string | undefined {
  if (word.startsWith('--')) return undefined;
  for (const letter of word.slice(1)) {
    if (riskyLetters.includes(letter)) return letter;
    if (valueLetters.includes(letter)) return undefined;
  }
  return undefined;
}

/** `uniq input output` writes its second operand. */
function uniqWritesOutputFile(args: readonly string[]): string | undefined {
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as string;
    if (['-f', '-s', '-w'].includes(word)) index++;
    else if (!word.startsWith('-') || word === '-') operands.push(word);
  }
  return operands.length >= 2 ? 'writes its output to a file' : undefined;
}
