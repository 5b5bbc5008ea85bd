import { truncateMiddle } from './truncateMiddle';
import { pageCharacters, type ResultLimit } from '../../resultLimit';

/** Characters of command output one tool result holds at most (less for a small window). */
export const COMMAND_OUTPUT_LIMIT = 30_000;

/**
 * A command's output for the model: the start and the end when it is long, with how to read
 * the middle. `firstLine` is the line number of the text's first line in the whole output;
 * `limit` is the tool result's limit from the model's window.
 */
export function outputForModel(id: string, text: string, firstLine = 1, limit?: ResultLimit): string {
  if (text.trim() === '') return '(no output)';
  return truncateMiddle(text, pageCharacters(limit, COMMAND_OUTPUT_LIMIT), (omission) => {
    const from = firstLine + omission.firstLine - 1;
    const count = (value: number): string => value.toLocaleString('en-US');
    return `[… ${count(omission.characters)} characters (${count(omission.lines)} lines, from line ${count(from)}) omitted. Read them with read_command_output {"id": "${id}", "start_line": ${from}}. …]`;
  }).text;
}

/** A command line short enough for a one-line summary. */
export function shortCommand(command: string): string {
  return command.length > 60 ? `${command.slice(0, 59)}…` : command;
}
