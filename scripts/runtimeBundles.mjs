// The bundles an entry of the build loads at run time, shared by the CLI's package and the Action's release.
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The bundles `entry` loads at run time, itself first: the bundles of esbuild.js's `separateBundles` are loaded
 * with a plain `require('./<name>.js')`, which stays in the minified code as written.
 */
export function runtimeBundles(folder, entry) {
  const found = [entry];
  for (let index = 0; index < found.length; index++) {
    const code = fs.readFileSync(path.join(folder, found[index]), 'utf8');
    if (/\brequire\(\s*["'`]vscode["'`]\s*\)/.test(code)) throw new Error(`${found[index]} loads the vscode module: it belongs to the extension, not the terminal program`);
    if (/\brequire\(\s*["'`]\.\.?\/[^"'`]*["'`]\s*\+/.test(code)) throw new Error(`${found[index]} loads a file whose name it builds at run time; list it here`);
    for (const [, name] of code.matchAll(/\brequire\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) {
      if (!fs.existsSync(path.join(folder, name))) throw new Error(`${found[index]} loads ./${name}, which the build did not make`);
      if (!found.includes(name)) found.push(name);
    }
  }
  return found;
}
