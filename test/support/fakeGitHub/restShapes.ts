/** Answers of GitHub's REST API in the shapes of its reference (docs.github.com/rest), trimmed to what clients read. */

interface Repository {
  owner: string;
  repo: string;
  defaultBranch: string;
}

const web = 'https://github.com';
const api = 'https://api.github.com';

export function userResponse(login: string): Record<string, unknown> {
  return { login, id: 583231, node_id: 'MDQ6VXNlcjU4MzIzMQ==', type: 'User', site_admin: false, html_url: `${web}/${login}`, url: `${api}/users/${login}` };
}

export function repositoryResponse({ owner, repo, defaultBranch }: Repository): Record<string, unknown> {
  return { id: 1296269, node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5', name: repo, full_name: `${owner}/${repo}`, owner: userResponse(owner), private: false, html_url: `${web}/${owner}/${repo}`, default_branch: defaultBranch };
}

export function commentResponse({ owner, repo }: Repository, issue: number, id: number, body: string): Record<string, unknown> {
  return {
    id,
    node_id: 'MDEyOklzc3VlQ29tbWVudDE=',
    url: `${api}/repos/${owner}/${repo}/issues/comments/${id}`,
    html_url: `${web}/${owner}/${repo}/issues/${issue}#issuecomment-${id}`,
    body,
    user: { ...userResponse('github-actions[bot]'), type: 'Bot' },
    created_at: '2026-04-14T16:00:49Z',
    updated_at: '2026-04-14T16:00:49Z',
    issue_url: `${api}/repos/${owner}/${repo}/issues/${issue}`,
    author_association: 'NONE',
  };
}

export function pullRequestResponse(repository: Repository, number: number, id: number, request: { title: string; head: string; base: string; body?: string }): Record<string, unknown> {
  const { owner, repo } = repository;
  return {
    url: `${api}/repos/${owner}/${repo}/pulls/${number}`,
    id,
    node_id: 'MDExOlB1bGxSZXF1ZXN0MQ==',
    html_url: `${web}/${owner}/${repo}/pull/${number}`,
    number,
    state: 'open',
    locked: false,
    title: request.title,
    user: { ...userResponse('github-actions[bot]'), type: 'Bot' },
    body: request.body ?? null,
    draft: false,
    head: { label: `${owner}:${request.head}`, ref: request.head, repo: repositoryResponse(repository) },
    base: { label: `${owner}:${request.base}`, ref: request.base, repo: repositoryResponse(repository) },
    created_at: '2026-04-14T16:00:49Z',
  };
}

/** GitHub's 422 for a body it refuses. */
export function validationFailed(operation: string, errors: Array<{ resource: string; field: string; code: string }>): Record<string, unknown> {
  return { message: 'Validation Failed', errors, documentation_url: `https://docs.github.com/rest/pulls/pulls#${operation}`, status: '422' };
}
