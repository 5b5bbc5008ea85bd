import { normalizeCommandName } from './commandName';

/** A command that runs shell code Elbow cannot see as written: `eval`, `sh -c`, `source`… */
export interface NestedScript {
  /** What the command does, for the reason: "runs a shell script string with `bash -c`". */
  description: string;
  /** The code it runs when it is on the command line, to judge it too. */
  script: string | undefined;
  /** The shell that runs the code: `bash` for `eval`, the program for `zsh -c`. */
  shell: string;
  /** It runs the code in its input: a here-document fed to it is judged too. */
  readsInput?: boolean;
}

const shells: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
const shellValueOptions: ReadonlySet<string> = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);

export function nestedScriptOf(words: readonly string[]): NestedScript | undefined {
  const name = words[0] === undefined ? '' : normalizeCommandName(words[0]);
  switch (name) {
    case 'eval':
      return { description: 'runs a string as shell code with `eval`', script: words.slice(1).join(' '), shell: 'bash' };
    case 'source':
    case '.':
      return { description: 'runs a script file in the shell itself', script: undefined, shell: 'bash' };
    case 'exec':
      return { description: 'replaces the shell with `exec`', script: undefined, shell: 'bash' };
    case 'trap':
      return { description: 'sets shell code to run later with `trap`', script: words.slice(1).find((word) => !word.startsWith('-')), shell: 'bash' };
    case 'su': {
      const index = words.findIndex((word) => word === '-c' || word === '--command');
      return index < 0 ? undefined : { description: 'runs a shell script string with `su -c`', script: words[index + 1], shell: 'sh' };
    }
    default:
      return shells.has(name) ? shellCommandString(name, words) : undefined;
  }
}

/** `bash -c 'script'`, `sh -ec 'script'`, `fish --command='script'`, or a shell reading its input. */
function shellCommandString(name: string, words: readonly string[]): NestedScript | undefined {
  let runsString = false;
  let readsInput = false;
  let index = 1;
  for (; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--' || word === '-') {
      index++;
      break;
    }
    if (!word.startsWith('-') && !word.startsWith('+')) break;
    if (word.startsWith('--command=')) {
      return { description: `runs a shell script string with \`${name} --command\``, script: word.slice('--command='.length), shell: name };
    }
    if (word === '--command' || /^-[A-Za-z]*c[A-Za-z]*$/.test(word)) runsString = true;
    if (/^-[A-Za-z]*s[A-Za-z]*$/.test(word)) readsInput = true;
    if (shellValueOptions.has(word)) index++;
  }
  if (runsString) return { description: `runs a shell script string with \`${name} -c\``, script: words[index], shell: name };
  // Without a script file the shell runs whatever its input holds: `curl … | sh`.
  if (readsInput || words[index] === undefined) return { description: `runs shell code from its input with \`${name}\``, script: undefined, shell: name, readsInput: true };
  return undefined;
}
