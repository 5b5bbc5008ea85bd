import * as core from '@actions/core';

export type PublishMode = 'comment' | 'branch' | 'pull_request';

const modes: readonly PublishMode[] = ['comment', 'branch', 'pull_request'];

/** The inputs of action.yml, read and checked. */
export interface ActionInputs {
  prompt: string;
  triggerPhrase: string;
  provider: string;
  model: string;
  apiKey: string;
  baseUrl: string;
  allowedHosts: string[];
  /** Empty inputs leave the CLI's own default (or no limit). */
  maxBudgetUsd?: string;
  maxTurns?: string;
  timeoutMinutes?: string;
  mode: PublishMode;
  baseBranch: string;
  githubToken: string;
}

export class InputError extends Error {}

/** Reads the inputs, masking the two secrets before anything else can log them. */
export function readActionInputs(): ActionInputs {
  const apiKey = core.getInput('api_key');
  const githubToken = core.getInput('github_token');
  for (const secret of [apiKey, githubToken]) if (secret !== '') core.setSecret(secret);
  if (apiKey === '') throw new InputError('api_key is empty: pass the provider\'s key from a secret, e.g. api_key: ${{ secrets.OPENAI_API_KEY }}.');
  const mode = core.getInput('mode') || 'comment';
  if (!modes.includes(mode as PublishMode)) throw new InputError(`mode "${mode}" is not one of ${modes.join(', ')}.`);
  return {
    prompt: core.getInput('prompt'),
    triggerPhrase: core.getInput('trigger_phrase') || '@elbow',
    provider: core.getInput('provider'),
    model: core.getInput('model'),
    apiKey,
    baseUrl: core.getInput('base_url'),
    allowedHosts: core.getInput('allowed_hosts').split(/[\s,]+/).filter((host) => host !== ''),
    maxBudgetUsd: positiveNumber('max_budget_usd'),
    maxTurns: positiveNumber('max_turns', true),
    timeoutMinutes: positiveNumber('timeout_minutes'),
    mode: mode as PublishMode,
    baseBranch: core.getInput('base_branch'),
    githubToken,
  };
}

function positiveNumber(name: string, whole = false): string | undefined {
  const value = core.getInput(name);
  if (value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || (whole && !Number.isInteger(number))) {
    throw new InputError(`${name} "${value}" is not a positive ${whole ? 'whole ' : ''}number.`);
  }
  return value;
}
