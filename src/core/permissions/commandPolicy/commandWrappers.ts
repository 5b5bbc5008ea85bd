import { normalizeCommandName } from './commandName';
import { splitCommandWords } from './commandRules';
import { skipOptions, subcommandPrograms } from './subcommandPrograms';

/** A command that runs the command in its arguments (`sudo rm x`). */
interface CommandWrapper {
  /** Options that take the next word as their value. */
  valueOptions?: readonly string[];
  /** Operands between the options and the command (`timeout 5 rm x`). */
  operandsBeforeCommand?: number;
  /** `NAME=value` words before the command set variables for it. */
  takesAssignments?: boolean;
  /** Options whose value is itself split into a command (`env -S 'rm x'`). */
  commandStringOptions?: readonly string[];
}

const commandWrappers: Readonly<Record<string, CommandWrapper>> = {
  sudo: {
    valueOptions: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-T', '-U', '--user', '--group', '--close-from', '--chdir', '--host', '--prompt', '--role', '--type', '--command-timeout', '--other-user'],
    takesAssignments: true,
  },
  doas: { valueOptions: ['-u', '-C'] },
  env: { valueOptions: ['-u', '--unset', '-C', '--chdir', '-P', '-a', '--argv0'], takesAssignments: true, commandStringOptions: ['-S', '--split-string'] },
  command: {},
  builtin: {},
  exec: { valueOptions: ['-a'] },
  nohup: {},
  nice: { valueOptions: ['-n', '--adjustment'] },
  time: { valueOptions: ['-f', '--format', '-o', '--output'] },
  timeout: { valueOptions: ['-s', '--signal', '-k', '--kill-after'], operandsBeforeCommand: 1 },
  xargs: {
    valueOptions: ['-a', '--arg-file', '-d', '--delimiter', '-E', '-I', '-L', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var'],
  },
  stdbuf: { valueOptions: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  setsid: {},
  ionice: { valueOptions: ['-c', '--class', '-n', '--classdata'] },
  caffeinate: { valueOptions: ['-t', '-w'] },
  unbuffer: {},
  busybox: {},
  // zsh's precommand modifiers and fish's combiners run the command after them.
  noglob: {},
  nocorrect: {},
  '-': {},
  and: {},
  or: {},
  not: {},
};

export function isCommandWrapper(name: string): boolean {
  return Object.hasOwn(commandWrappers, normalizeCommandName(name));
}

const findExecActions: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const mostLayers = 16;

export interface UnwrappedCommand {
  /** The command as written, then every command it runs through wrappers, for deny rules. */
  layers: (readonly string[])[];
  /** Variables the wrappers set (`env PATH=/tmp ls`). */
  assignedVariables: string[];
}

/** Sees through `sudo`, `env`, `xargs`, `find -exec`, `git -C dir`… so deny rules also catch `sudo rm`. */
export function unwrapCommand(words: readonly string[]): UnwrappedCommand {
  const layers: (readonly string[])[] = [words];
  const assignedVariables: string[] = [];
  for (let index = 0; index < layers.length && layers.length < mostLayers; index++) {
    for (const inner of innerCommands(layers[index] as readonly string[], assignedVariables)) {
      if (inner.length > 0) layers.push(inner);
    }
  }
  return { layers, assignedVariables };
}

function innerCommands(words: readonly string[], assignedVariables: string[]): (readonly string[])[] {
  const name = words[0] === undefined ? '' : normalizeCommandName(words[0]);
  if (name === 'find') return findExecCommands(words);
  const tool = subcommandPrograms[name];
  if (tool) {
    const subcommandIndex = skipOptions(words, 1, tool.valueOptions);
    return subcommandIndex > 1 ? [[words[0] as string, ...words.slice(subcommandIndex)]] : [];
  }
  const wrapper = Object.hasOwn(commandWrappers, name) ? commandWrappers[name] : undefined;
  return wrapper ? [unwrap(words, wrapper, assignedVariables)] : [];
}

function unwrap(words: readonly string[], wrapper: CommandWrapper, assignedVariables: string[]): readonly string[] {
  let index = 1;
  while (index < words.length) {
    const word = words[index] as string;
    const commandString = commandStringValue(word, words[index + 1], wrapper.commandStringOptions ?? []);
    if (commandString) return [...splitCommandWords(commandString.value), ...words.slice(index + commandString.wordCount)];
    if (word === '--') {
      index++;
      break;
    }
    const assignment = wrapper.takesAssignments ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word) : null;
    if (assignment) assignedVariables.push(assignment[1] as string);
    else if (!word.startsWith('-') || word === '-') break;
    index += wrapper.valueOptions?.includes(word) ? 2 : 1;
  }
  return words.slice(index + (wrapper.operandsBeforeCommand ?? 0));
}

function commandStringValue(word: string, next: string | undefined, options: readonly string[]): { value: string; wordCount: number } | undefined {
  for (const option of options) {
    if (word === option) return next === undefined ? undefined : { value: next, wordCount: 2 };
    const attachedPrefix = option.startsWith('--') ? `${option}=` : option;
    if (word.startsWith(attachedPrefix)) return { value: word.slice(attachedPrefix.length), wordCount: 1 };
  }
  return undefined;
}

function findExecCommands(words: readonly string[]): (readonly string[])[] {
  const commands: (readonly string[])[] = [];
  for (let index = 1; index < words.length; index++) {
    if (!findExecActions.has(words[index] as string)) continue;
    const start = index + 1;
    while (index + 1 < words.length && words[index + 1] !== ';' && words[index + 1] !== '+') index++;
    commands.push(words.slice(start, index + 1));
  }
  return commands;
}
