import type * as PageConverter from './pageConverter';

/** The HTML converter, loaded when the first page is read rather than with the extension (see esbuild.js). */
export function loadPageConverter(): typeof PageConverter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a runtime require is what keeps it out of the bundle that activates
  return require('./pageConverter') as typeof PageConverter;
}
