import * as path from 'node:path';
import { presetById } from '../core/llm/presets/providerPresets';
import { findExecutable } from '../node/findExecutable';
import type { ActionInputs } from './actionInputs';
import { InputError } from './actionInputs';
import { sandboxWritableFolders, withoutRunnerSecrets } from './runnerEnvironment';

export interface ElbowCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * `elbow -p` as the action runs it. The program: `elbow` on PATH when a step installed the package
 * (`npm install -g`; PATH folders inside the workspace or the temporary folders are not looked in), else the CLI bundle shipped beside the action (dist/cli.js). The key travels in the
 * provider's own variable, never on the command line, which other processes of the runner can read.
 */
export async function elbowCommand(inputs: ActionInputs, prompt: string, workspace: string, environment: NodeJS.ProcessEnv): Promise<ElbowCommand> {
  const providerId = inputs.provider.trim().toLowerCase() || 'openai';
  const preset = presetById(providerId);
  if (preset === undefined) throw new InputError(`provider "${inputs.provider}" is not one of Elbow's presets (elbow --help lists them).`);
  const env = withoutRunnerSecrets(environment);
  if (preset.keyVariable !== undefined) env[preset.keyVariable] = inputs.apiKey;
  const hidden = runnerFolders(environment.RUNNER_TEMP);
  if (hidden.length > 0) env.ELBOW_SANDBOX_HIDE = hidden.join(path.delimiter);
  const flags = [
    '-p', prompt, '--json', '--cwd', workspace, '--provider', preset.id,
    // Commands the model runs go in the sandbox unasked; nothing beyond (no unsandboxed command, no protected file).
    '--yes',
    ...optional('--model', inputs.model),
    ...optional('--base-url', inputs.baseUrl),
    ...optional('--max-turns', inputs.maxTurns),
    ...optional('--max-budget-usd', inputs.maxBudgetUsd),
    ...optional('--timeout', inputs.timeoutMinutes === undefined ? undefined : `${inputs.timeoutMinutes}m`),
    ...inputs.allowedHosts.flatMap((host) => ['--allow-host', host]),
  ];
  const installed = await findExecutable('elbow', [], { PATH: environment.PATH }, sandboxWritableFolders(workspace, environment));
  if (installed !== undefined) return { file: installed, args: flags, env };
  return { file: process.execPath, args: [path.join(__dirname, 'cli.js'), ...flags], env };
}

/**
 * The runner's own files, hidden from the commands Elbow runs (outside a home folder, the sandbox would show them):
 * its temporary folder (other steps' files, checkout's credentials) and, where it has the runner's layout
 * (`<root>/_work/_temp`), the runner's credentials and logs in its root.
 */
function runnerFolders(runnerTemp: string | undefined): string[] {
  if (runnerTemp === undefined || !path.isAbsolute(runnerTemp)) return [];
  const work = path.dirname(runnerTemp);
  if (path.basename(runnerTemp) !== '_temp' || path.basename(work) !== '_work') return [runnerTemp];
  const root = path.dirname(work);
  return [runnerTemp, ...['.credentials', '.credentials_rsaparams', '.runner', '_diag'].map((name) => path.join(root, name))];
}

function optional(flag: string, value: string | undefined): string[] {
  return value === undefined || value === '' ? [] : [flag, value];
}
