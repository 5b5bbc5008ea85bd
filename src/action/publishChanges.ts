import type { ResultEvent } from '../cli/stream/streamEvents';
import type { PublishMode } from './actionInputs';
import type { Checkout } from './gitChanges';
import type { GitHubClient } from './gitHubClient';
import { unpublishableHead, type StartingPoint } from './publishableHead';
import { pullRequestBody, titleOf } from './replies';
import { redacted } from './secretForms';

export interface Published {
  /** A line for the reply saying what was pushed or opened. */
  note?: string;
  branch?: string;
  pullRequestUrl?: string;
}

export interface PublishRequest {
  mode: PublishMode;
  result: ResultEvent;
  request: string;
  /** The issue or pull request asked from. */
  number?: number;
  repository: { owner: string; repo: string; defaultBranch?: string };
  baseBranch: string;
  serverUrl: string;
  token: string;
  /** Values that must not be in what is pushed. */
  secrets: readonly string[];
  /** Elbow's data folder, never committed when it is inside the checkout. */
  dataFolder: string;
  /** HEAD before the run: only pushed on when the repository holds it. */
  start: StartingPoint;
}

/** `branch` and `pull_request`: the run's changes committed on `elbow/<issue>-<session>` and pushed; for `pull_request`, a pull request opened from it. */
export async function publishChanges(checkout: Checkout, github: GitHubClient, publish: PublishRequest): Promise<Published> {
  if (publish.mode === 'comment') return {};
  const refused = await unpublishableHead(checkout, publish.start, `${publish.repository.owner}/${publish.repository.repo}`);
  if (refused !== undefined) return { note: refused };
  if (!(await checkout.stageChanges(publish.secrets, [publish.dataFolder]))) return { note: 'No files changed, so nothing was pushed.' };
  const branch = `elbow/${publish.number ?? 'run'}-${publish.result.sessionId.slice(0, 8)}`;
  const title = titleOf(publish.request);
  const message = [title, '', ...(publish.number === undefined ? [] : [`Requested in #${publish.number}.`]), `Elbow session ${publish.result.sessionId}.`].join('\n');
  await checkout.commitAndPush(branch, message, publish.serverUrl, publish.token);
  if (publish.mode === 'branch') return { branch, note: `Pushed the changes to the branch \`${branch}\`.` };
  const { owner, repo } = publish.repository;
  const base = publish.baseBranch || publish.repository.defaultBranch || (await github.rest.repos.get({ owner, repo })).data.default_branch;
  const diffstat = await checkout.diffstat(base, publish.start.head);
  const { data } = await github.rest.pulls.create({ owner, repo, title, head: branch, base, body: redacted(pullRequestBody(publish.result, diffstat, publish.number), publish.secrets) });
  return { branch, pullRequestUrl: data.html_url, note: `Opened #${data.number}: ${data.html_url}` };
}
