import * as path from 'node:path';
import type { SlashArgument } from './slashSource';

/** `${input:name}` or `${input:name:placeholder}` (VS Code prompt files). */
const inputPattern = /\$\{input:([A-Za-z_][A-Za-z0-9_-]*)(?::([^}]*))?\}/g;
/** `$ARGUMENTS`, `$1`…`$9` (Claude Code command files). */
const argumentPattern = /\$ARGUMENTS\b|\$([1-9])(?![0-9])/g;
/** `!`command`` (Claude Code): a command whose output takes its place. */
export const shellLinePattern = /!`([^`\n]+)`/g;

/** The `${input:…}` variables of a prompt, each once, in order, with the placeholder as its description. */
export function promptInputs(body: string): SlashArgument[] {
  const inputs = new Map<string, SlashArgument>();
  for (const match of body.matchAll(inputPattern)) {
    const name = match[1] ?? '';
    const placeholder = match[2]?.trim();
    const known = inputs.get(name);
    if (known === undefined) inputs.set(name, placeholder ? { name, description: placeholder, required: true } : { name, required: true });
    else if (known.description === undefined && placeholder) known.description = placeholder;
  }
  return [...inputs.values()];
}

/** The words of the text after the command name; quotes keep spaces in one word. */
export function positionalArguments(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

export interface FillOptions {
  /** Claude's `$ARGUMENTS` and `$1`… are filled (VS Code's files only know `${input:…}`). */
  claudeArguments: boolean;
  text: string;
  values: Readonly<Record<string, string>>;
  /** The output of each `!`command`` in order; absent: the format has none. */
  shellOutputs?: readonly string[];
  /** Fills VS Code's `${workspaceFolder}` and `${workspaceFolderBasename}`. */
  workspaceFolder?: string;
}

const workspacePattern = /\$\{workspaceFolder(?:Basename)?\}/g;

/**
 * The prompt with its arguments in place, in one pass so that nothing filled in (an argument, a
 * command's output) is read again as a variable. Text given after the name that no variable takes
 * is added at the end, as Claude Code and VS Code do.
 */
export function fillPrompt(body: string, options: FillOptions): string {
  const words = positionalArguments(options.text);
  let usedText = false;
  let shellIndex = 0;
  const patterns = [inputPattern.source, ...(options.claudeArguments ? [argumentPattern.source] : []), ...(options.shellOutputs ? [shellLinePattern.source] : []), ...(options.workspaceFolder === undefined ? [] : [workspacePattern.source])];
  const filled = body.replace(new RegExp(patterns.join('|'), 'g'), (match: string) => {
    if (match.startsWith('${input:')) {
      const name = /^\$\{input:([A-Za-z_][A-Za-z0-9_-]*)/.exec(match)?.[1] ?? '';
      return Object.hasOwn(options.values, name) ? (options.values[name] ?? '') : match;
    }
    if (match.startsWith('!`')) return options.shellOutputs?.[shellIndex++] ?? '';
    if (match.startsWith('${workspaceFolder')) return match === '${workspaceFolder}' ? (options.workspaceFolder ?? '') : path.basename(options.workspaceFolder ?? '');
    usedText = true;
    if (match === '$ARGUMENTS') return options.text;
    return words[Number(match.slice(1)) - 1] ?? '';
  });
  const rest = options.text.trim();
  return usedText || rest === '' ? filled : `${filled}\n\nARGUMENTS: ${rest}`;
}
