import type * as ShellParser from './shellParser';

let loaded: typeof ShellParser | undefined;

/** The shell parser, loaded when the first command is judged rather than with the extension (see esbuild.js). */
export function loadShellParser(): typeof ShellParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime require is what keeps it out of the bundle that activates
  loaded ??= require('./shellParser') as typeof ShellParser;
  return loaded;
}
