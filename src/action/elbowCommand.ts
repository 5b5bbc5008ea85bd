import * as fs from 'node:fs';
import * as path from 'node:path';
import { presetById } from '../core/llm/presets/providerPresets';
import type { ActionInputs } from './actionInputs';
import { InputError } from './actionInputs';

export interface ElbowCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * Variables of the runner that must not reach Elbow or what it runs: the inputs (the keys among them),
 * the runner's own tokens, and GitHub tokens a workflow may have set for other steps.
 */
const withheldVariable = /^(INPUT_|ACTIONS_|GITHUB_TOKEN$|GH_TOKEN$|GH_ENTERPRISE_TOKEN$)/;

/**
 * `elbow -p` as the action runs it. The program: `elbow` on PATH when a step installed the package
 * (`npm install -g`), else the CLI bundle shipped beside the action (dist/cli.js). The key travels in the
 * provider's own variable, never on the command line, which other processes of the runner can read.
 */
export function elbowCommand(inputs: ActionInputs, prompt: string, workspace: string, environment: NodeJS.ProcessEnv): ElbowCommand {
  const providerId = inputs.provider.trim().toLowerCase() || 'openai';
  const preset = presetById(providerId);
  if (preset === undefined) throw new InputError(`provider "${inputs.provider}" is not one of Elbow's presets (elbow --help lists them).`);
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(environment).filter(([name]) => !withheldVariable.test(name)));
  if (preset.keyVariable !== undefined) env[preset.keyVariable] = inputs.apiKey;
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
  const installed = onPath('elbow', environment.PATH ?? '');
  if (installed !== undefined) return { file: installed, args: flags, env };
  return { file: process.execPath, args: [path.join(__dirname, 'cli.js'), ...flags], env };
}

function optional(flag: string, value: string | undefined): string[] {
  return value === undefined || value === '' ? [] : [flag, value];
}

function onPath(program: string, searchPath: string): string | undefined {
  for (const folder of searchPath.split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, program);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
