/**
 * The shell parser, in a module that esbuild.js bundles on its own (dist/shellParser.js): it is
 * needed when the first command is judged. Load it through `loadShellParser`.
 */
export { forEachChild, parse } from 'unbash';
