/**
 * Webhook payloads as the runner hands them to an action (the file at GITHUB_EVENT_PATH), trimmed from octokit's
 * recorded examples (github.com/octokit/webhooks, payload-examples/api.github.com/issue_comment/created.payload.json
 * and pull_request/opened.payload.json) to the fields an action reads.
 */

const owner = 'Codertocat';
const repo = 'Hello-World';
export const webhookRepository = { owner, repo };

function user(login: string, type: 'User' | 'Bot' = 'User'): Record<string, unknown> {
  return { login, id: 21031067, node_id: 'MDQ6VXNlcjIxMDMxMDY3', url: `https://api.github.com/users/${login}`, html_url: `https://github.com/${login}`, type, site_admin: false };
}

function repository(defaultBranch: string): Record<string, unknown> {
  return { id: 186853002, node_id: 'MDEwOlJlcG9zaXRvcnkxODY4NTMwMDI=', name: repo, full_name: `${owner}/${repo}`, private: false, owner: user(owner), html_url: `https://github.com/${owner}/${repo}`, default_branch: defaultBranch };
}

export interface CommentEvent {
  number: number;
  title: string;
  issueBody: string;
  comment: string;
  commenter: string;
  commenterType?: 'User' | 'Bot';
  /** The issue is a pull request (issue_comment on a pull request's conversation). */
  onPullRequest?: boolean;
  defaultBranch: string;
}

/** `issue_comment` with action `created`. */
export function issueCommentEvent(event: CommentEvent): Record<string, unknown> {
  const issueUrl = `https://api.github.com/repos/${owner}/${repo}/issues/${event.number}`;
  return {
    action: 'created',
    issue: {
      url: issueUrl,
      html_url: `https://github.com/${owner}/${repo}/${event.onPullRequest ? 'pull' : 'issues'}/${event.number}`,
      id: 444500041,
      node_id: 'MDU6SXNzdWU0NDQ1MDAwNDE=',
      number: event.number,
      title: event.title,
      user: user(owner),
      labels: [],
      state: 'open',
      locked: false,
      comments: 0,
      created_at: '2019-05-15T15:20:18Z',
      updated_at: '2019-05-15T15:20:21Z',
      author_association: 'OWNER',
      body: event.issueBody,
      ...(event.onPullRequest ? { pull_request: { url: `https://api.github.com/repos/${owner}/${repo}/pulls/${event.number}`, html_url: `https://github.com/${owner}/${repo}/pull/${event.number}`, diff_url: `https://github.com/${owner}/${repo}/pull/${event.number}.diff`, patch_url: `https://github.com/${owner}/${repo}/pull/${event.number}.patch` } } : {}),
    },
    comment: {
      url: `https://api.github.com/repos/${owner}/${repo}/issues/comments/492700400`,
      html_url: `https://github.com/${owner}/${repo}/issues/${event.number}#issuecomment-492700400`,
      issue_url: issueUrl,
      id: 492700400,
      node_id: 'MDEyOklzc3VlQ29tbWVudDQ5MjcwMDQwMA==',
      user: user(event.commenter, event.commenterType),
      created_at: '2019-05-15T15:20:21Z',
      updated_at: '2019-05-15T15:20:21Z',
      author_association: 'CONTRIBUTOR',
      body: event.comment,
    },
    repository: repository(event.defaultBranch),
    sender: user(event.commenter, event.commenterType),
  };
}

/** `pull_request` with action `opened`. */
export function pullRequestEvent(event: { number: number; title: string; body: string; head: string; base: string; defaultBranch: string }): Record<string, unknown> {
  return {
    action: 'opened',
    number: event.number,
    pull_request: {
      url: `https://api.github.com/repos/${owner}/${repo}/pulls/${event.number}`,
      id: 279147437,
      node_id: 'MDExOlB1bGxSZXF1ZXN0Mjc5MTQ3NDM3',
      html_url: `https://github.com/${owner}/${repo}/pull/${event.number}`,
      number: event.number,
      state: 'open',
      locked: false,
      title: event.title,
      user: user(owner),
      body: event.body,
      created_at: '2019-05-15T15:20:33Z',
      updated_at: '2019-05-15T15:20:33Z',
      head: { label: `${owner}:${event.head}`, ref: event.head, sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821', user: user(owner), repo: repository(event.defaultBranch) },
      base: { label: `${owner}:${event.base}`, ref: event.base, sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e', user: user(owner), repo: repository(event.defaultBranch) },
      author_association: 'OWNER',
      draft: false,
      merged: false,
    },
    repository: repository(event.defaultBranch),
    sender: user(owner),
  };
}
