import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { runNodeScript, type ScriptRun } from './nodeScriptRun';

const repositoryRoot = path.resolve(__dirname, '../..');
export const actionPath = path.join(repositoryRoot, 'dist', 'action.js');

export type ActionRun = ScriptRun;

/** The runner's name for an input's variable: `INPUT_` and the name upper-cased, spaces as `_` (dashes kept). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** Runs the built action as the Actions runner does: `node dist/action.js` in the workspace, with `env` (`action`: a release's). */
export function runAction(env: NodeJS.ProcessEnv, cwd: string, action = actionPath): Promise<ActionRun> {
  return runNodeScript(action, [], { env, cwd });
}

/** The outputs an action wrote to GITHUB_OUTPUT (`name<<delimiter` … `delimiter` blocks, as @actions/core writes them). */
export async function readActionOutputs(file: string): Promise<Record<string, string>> {
  const text = await fs.readFile(file, 'utf8');
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[match[1] ?? ''] = match[3] ?? '';
  return outputs;
}
