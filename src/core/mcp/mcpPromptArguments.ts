import type { SlashArgument, SlashInput } from '../customize/slashSource';

/**
 * The values of a prompt's arguments: those asked for (`input.values`), then from the text typed after
 * the command, `name=value` for a named one and the other words in the order the server lists the
 * arguments (the last one takes the rest of the line). Quotes keep spaces in a value. Text no
 * argument takes is `rest`, sent after the prompt. A required argument left without a value is an
 * Error that names it.
 */
export function mcpPromptArguments(command: string, declared: readonly SlashArgument[], input: SlashInput): { values: Record<string, string>; rest: string } {
  if (declared.length === 0) return { values: {}, rest: input.text.trim() };
  const values: Record<string, string> = {};
  for (const argument of declared) {
    const value = input.values[argument.name];
    if (value !== undefined) values[argument.name] = value;
  }
  const positional: string[] = [];
  for (const word of words(input.text)) {
    const named = /^([^=\s]+)=([\s\S]*)$/.exec(word);
    const argument = named === null ? undefined : declared.find((candidate) => candidate.name === named[1]);
    if (named !== null && argument !== undefined) values[argument.name] ??= named[2] ?? '';
    else positional.push(word);
  }
  const open = declared.filter((argument) => values[argument.name] === undefined);
  open.forEach((argument, index) => {
    const last = index === open.length - 1;
    const taken = last ? positional.splice(0) : positional.splice(0, 1);
    if (taken.length > 0) values[argument.name] = taken.join(' ');
  });
  const missing = declared.filter((argument) => argument.required && (values[argument.name] ?? '').trim() === '');
  if (missing.length > 0) {
    const names = missing.map((argument) => `"${argument.name}"${argument.description === undefined ? '' : ` (${argument.description})`}`);
    throw new Error(`/${command} needs ${names.join(' and ')}. Give ${missing.length === 1 ? 'it' : 'them'} after the command, e.g. /${command} ${missing.map((argument) => `${argument.name}=…`).join(' ')}`);
  }
  return { values, rest: positional.join(' ') };
}

/** Words split at spaces; "double" or 'single' quotes keep a value with spaces together. */
function words(text: string): string[] {
  const result: string[] = [];
  for (const match of text.matchAll(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g)) result.push(match[0].replace(/"([^"]*)"|'([^']*)'/g, (_all, double?: string, single?: string) => double ?? single ?? ''));
  return result;
}
