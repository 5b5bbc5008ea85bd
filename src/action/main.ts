import * as os from 'node:os';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { admissionOf } from './admission';
import { readActionInputs, type ActionInputs } from './actionInputs';
import { elbowDataFolder } from '../node/dataFolder';
import { elbowCommand } from './elbowCommand';
import { runElbow } from './elbowRun';
import { Checkout, SecretInChangesError } from './gitChanges';
import type { GitHubClient } from './gitHubClient';
import { headCommit } from './publishableHead';
import { forgetPersistedCredentials } from './persistedCredentials';
import { publishChanges, type Published } from './publishChanges';
import { failureComment, replyComment } from './replies';
import { redacted } from './secretForms';
import { runPrompt } from './runPrompt';
import { triggerOf, type EventPayload, type Trigger } from './trigger';
import { hasWriteAccess } from './writeAccess';

type Payload = EventPayload & { repository?: { default_branch?: string }; pull_request?: { head?: { repo?: { full_name?: string } | null } } };

/** The GitHub Action (action.yml): on a comment with the trigger phrase, or a prompt, runs `elbow -p` on the checkout and publishes what it did. */
async function runAction(): Promise<void> {
  const inputs = readActionInputs();
  const { context } = github;
  const payload = context.payload as Payload;
  const admission = admissionOf(context.eventName, payload, context.actor, inputs.prompt, inputs.triggerPhrase);
  if (admission.kind === 'skip') return core.info(`Elbow did not run: ${admission.reason}.`);
  const { owner, repo } = context.repo;
  const client = github.getOctokit(inputs.githubToken);
  if (admission.checkAccessOf !== undefined && !(await hasWriteAccess(client, owner, repo, admission.checkAccessOf))) {
    return core.notice(`Elbow did not run: @${admission.checkAccessOf} does not have write access to ${owner}/${repo}. Only collaborators with write, maintain or admin access can start it.`);
  }
  const trigger = triggerOf(context.eventName, payload, inputs.prompt, inputs.triggerPhrase);
  if (trigger.kind === 'skip') return core.info(`Elbow did not run: ${trigger.reason}.`);
  try {
    await runAndPublish(inputs, trigger, client, payload);
  } catch (error) {
    // Whoever asked on the issue would otherwise hear nothing back.
    const message = error instanceof Error ? error.message : String(error);
    const runUrl = Number.isFinite(context.runId) ? `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}` : undefined;
    const body = redacted(failureComment(message, runUrl), [inputs.apiKey, inputs.githubToken]);
    if (trigger.conversation !== undefined) await client.rest.issues.createComment({ owner, repo, issue_number: trigger.conversation.number, body });
    throw error;
  }
}

async function runAndPublish(inputs: ActionInputs, trigger: Extract<Trigger, { kind: 'run' }>, client: GitHubClient, payload: Payload): Promise<void> {
  const { context } = github;
  const { owner, repo } = context.repo;
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const checkout = await Checkout.open(workspace, process.env);
  await forgetPersistedCredentials(workspace, process.env.RUNNER_TEMP, checkout.program);
  const head = await headCommit(checkout);
  const prompt = runPrompt({ ...trigger, repository: `${owner}/${repo}` });
  const command = await elbowCommand(inputs, prompt, workspace, process.env);
  const run = await runElbow(command, workspace);
  const result = run.result;
  if (result === undefined) throw new Error(`elbow exited with code ${run.exitCode} before its result; its messages are in the job's log.`);
  const secrets = [inputs.apiKey, inputs.githubToken];
  core.setOutput('result', JSON.stringify(result));
  core.setOutput('session_id', result.sessionId);

  const publishing: Promise<Published> = result.outcome !== 'completed' ? Promise.resolve({}) : publishChanges(checkout, client, {
    mode: inputs.mode,
    result,
    request: trigger.request,
    number: trigger.conversation?.number,
    repository: { owner, repo, defaultBranch: payload.repository?.default_branch },
    baseBranch: inputs.baseBranch,
    serverUrl: context.serverUrl,
    token: inputs.githubToken,
    secrets,
    start: { head: head ?? '', headRepository: payload.pull_request?.head?.repo?.full_name },
    dataFolder: elbowDataFolder(command.env, { platform: process.platform, home: os.homedir() }),
  });
  const published = await publishing.catch((error: unknown): Published => {
    if (!(error instanceof SecretInChangesError)) throw error;
    core.setFailed(error.message);
    return { note: error.message };
  });
  if (published.branch !== undefined) core.setOutput('branch', published.branch);
  if (published.pullRequestUrl !== undefined) core.setOutput('pull_request_url', published.pullRequestUrl);

  const reply = redacted(replyComment(result, published.note), secrets);
  if (trigger.conversation !== undefined) await client.rest.issues.createComment({ owner, repo, issue_number: trigger.conversation.number, body: reply });
  if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(reply, true).write();
  if (result.outcome !== 'completed') core.setFailed(`Elbow stopped: ${result.outcome}${result.message === undefined ? '' : ` (${result.message})`}.`);
}

runAction().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)));
