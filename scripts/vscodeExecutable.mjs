// Which desktop VS Code the Electron runner starts: the one VSCODE_EXECUTABLE names (works offline),
// else one @vscode/test-electron downloads into tools/vscode/. Either failing ends in a message that
// says what to do instead.
import * as fs from 'node:fs';

export const instead = 'Set VSCODE_EXECUTABLE to an installed VS Code (e.g. /usr/share/code/code), or run the same suites in code-server with `npm run test:integration`.';

/** The executable's path; throws an Error whose message says why there is none and what to do. */
export async function vscodeExecutable(environment, download) {
  const named = environment.VSCODE_EXECUTABLE;
  if (named) {
    if (!fs.existsSync(named)) throw new Error(`VSCODE_EXECUTABLE is ${named}, which does not exist. ${instead}`);
    return named;
  }
  try {
    return await download();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`VS Code could not be downloaded (${reason.split('\n')[0]}). ${instead}`, { cause: error });
  }
}
