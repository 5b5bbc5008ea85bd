import { formatWithOptions } from 'node:util';
import { printable } from './printable';

/** The most of one console call a library's message shows: a diagnostic, never a server's whole body. */
export const longestLibraryMessage = 1_000;

type ConsoleMethod = 'log' | 'info' | 'debug' | 'warn' | 'error' | 'trace';
const methods: readonly ConsoleMethod[] = ['log', 'info', 'debug', 'warn', 'error', 'trace'];

/**
 * Sends what any library prints with `console` (a provider SDK logging a server's stream line it
 * could not read) to `writeErr`, made printable and cut at {@link longestLibraryMessage} characters:
 * nothing a library prints can put a control sequence on the user's terminal, flood it, or land in
 * stdout between the answer's lines or the JSON events. Elbow itself never prints through `console`.
 */
export function routeLibraryConsole(target: Pick<Console, ConsoleMethod>, writeErr: (text: string) => void): void {
  for (const method of methods) {
    target[method] = (...values: unknown[]): void => writeErr(`${libraryMessage(values)}\n`);
  }
}

/** One console call's values as a bounded, printable message. */
export function libraryMessage(values: readonly unknown[]): string {
  const message = formatWithOptions({ colors: false, depth: 2, maxArrayLength: 20, maxStringLength: longestLibraryMessage }, ...values);
  const shown = printable(message);
  if (shown.length <= longestLibraryMessage) return shown;
  return `${shown.slice(0, longestLibraryMessage)}… (${(shown.length - longestLibraryMessage).toLocaleString('en-US')} more characters not shown)`;
}
