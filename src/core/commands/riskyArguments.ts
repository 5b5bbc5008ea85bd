import { normalizeCommandName } from './commandName';
import { skipOptions, subcommandTools } from './toolKinds';

/** Arguments that make an otherwise read-only command write files or run programs. */
interface RiskyArgumentRule {
  /**
   * Risky options: `--long` also matches `--long=value`; a two-character `-x` also matches `-xvalue`;
   * anything else (find's `-exec`) must match the whole word.
   */
  options?: readonly string[];
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
  find: { options: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'] },
  sort: { options: ['--output', '--compress-program'], shortLetters: 'o', valueLetters: 'kSTt' },
  git: {
    options: ['--output', '--open-files-in-pager', '-O', '--exec', '--upload-pack', '--receive-pack', '--ext-diff'],
    globalOptions: ['-c', '--config-env', '--exec-path'],
  },
  rg: { options: ['--pre', '--hostname-bin'] },
  tree: { options: ['-o', '-R'] },
  date: { options: ['--set'], shortLetters: 's', valueLetters: 'dfrI' },
  sed: { options: ['--in-place'], shortLetters: 'i', valueLetters: 'efl' },
  file: { options: ['--compile'], shortLetters: 'C', valueLetters: 'emfFP' },
  uniq: { check: uniqWritesOutputFile },
};

/** What makes this command risky (`uses \`-delete\``), or undefined. */
export function findRiskyArgument(words: readonly string[]): string | undefined {
  const name = words[0] === undefined ? undefined : normalizeCommandName(words[0]);
  const rule = name === undefined ? undefined : riskyArgumentRules[name];
  if (name === undefined || !rule) return undefined;
  const checked = rule.check?.(words.slice(1));
  if (checked !== undefined) return checked;
  const subcommandIndex = skipOptions(words, 1, subcommandTools[name]?.valueOptions);
  for (const [index, word] of words.entries()) {
    if (word === '--') break;
    if (index === 0 || !word.startsWith('-') || word === '-') continue;
    const options = index < subcommandIndex ? [...(rule.options ?? []), ...(rule.globalOptions ?? [])] : (rule.options ?? []);
    const option = options.find((candidate) => matchesOption(word, candidate));
    if (option !== undefined) return `uses \`${option}\``;
    const letter = rule.shortLetters === undefined ? undefined : riskyLetterInCluster(word, rule.shortLetters, rule.valueLetters ?? '');
    if (letter !== undefined) return `uses \`-${letter}\``;
  }
  return undefined;
}

function matchesOption(word: string, option: string): boolean {
  if (option.startsWith('--')) return word === option || word.startsWith(`${option}=`);
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
