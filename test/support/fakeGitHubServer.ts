/**
 * A local stand-in for the GitHub REST endpoints the GitHub Action calls through @actions/github: a collaborator's
 * permission, creating an issue comment, getting the repository and creating a pull request. Answers have the shapes
 * of GitHub's REST reference (docs.github.com/rest: "Get repository permissions for a user", "Create an issue
 * comment", "Get a repository", "Create a pull request"), trimmed to the fields a client reads. Like GitHub it wants
 * the `authorization` header, answers 401 without it, 422 for a body it would refuse, 404 for anything else, which is
 * also recorded as a violation.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from './fakeLlm/loopbackServer';
import { parseJson, readBody } from './fakeLlm/requestBody';
import { commentResponse, pullRequestResponse, repositoryResponse, userResponse, validationFailed } from './fakeGitHub/restShapes';

export interface GitHubRequest {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
}

export interface FakeGitHubOptions {
  owner: string;
  repo: string;
  /** The only token accepted. */
  token: string;
  /** Each user's permission (`admin`, `write`, `read`, `none`) and role (`maintain`, `triage`…); unknown users get `none`. */
  permissions: Record<string, { permission: string; role_name: string }>;
  defaultBranch: string;
  /** Whether the repository has this branch: a pull request's head and base must exist. */
  hasBranch(name: string): boolean;
}

export interface FakeGitHubServer {
  /** The value for GITHUB_API_URL. */
  readonly url: string;
  readonly requests: GitHubRequest[];
  readonly violations: string[];
  close(): Promise<void>;
}

export async function startFakeGitHubServer(options: FakeGitHubOptions): Promise<FakeGitHubServer> {
  const requests: GitHubRequest[] = [];
  const violations: string[] = [];
  const repoPath = `/repos/${options.owner}/${options.repo}`;
  let nextId = 1_000;
  let nextPull = 100;

  const send = (response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-github-api-version-selected': '2022-11-28' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = request.method ?? '';
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = await readBody(request);
    const body = raw === '' ? undefined : parseJson(raw);
    requests.push({ method, path, authorization: request.headers.authorization, body });
    if (request.headers.authorization !== `token ${options.token}`) {
      return send(response, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    }
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

    const permission = new RegExp(`^${repoPath}/collaborators/([^/]+)/permission$`).exec(path);
    if (method === 'GET' && permission !== null) {
      const login = decodeURIComponent(permission[1] ?? '');
      const granted = options.permissions[login] ?? { permission: 'none', role_name: 'none' };
      return send(response, 200, { ...granted, user: userResponse(login) });
    }
    const comments = new RegExp(`^${repoPath}/issues/(\\d+)/comments$`).exec(path);
    if (method === 'POST' && comments !== null) {
      if (typeof fields.body !== 'string' || fields.body === '') return send(response, 422, { message: 'Invalid request.\n\n"body" wasn\'t supplied.', documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment', status: '422' });
      return send(response, 201, commentResponse(options, Number(comments[1]), nextId++, fields.body));
    }
    if (method === 'GET' && path === repoPath) return send(response, 200, repositoryResponse(options));
    if (method === 'POST' && path === `${repoPath}/pulls`) {
      const missing = ['title', 'head', 'base'].filter((field) => typeof fields[field] !== 'string' || fields[field] === '');
      if (missing.length > 0) return send(response, 422, validationFailed('create-a-pull-request', missing.map((field) => ({ resource: 'PullRequest', field, code: 'missing_field' }))));
      const invalid = (['head', 'base'] as const).filter((field) => !options.hasBranch(String(fields[field])));
      if (invalid.length > 0) return send(response, 422, validationFailed('create-a-pull-request', invalid.map((field) => ({ resource: 'PullRequest', field, code: 'invalid' }))));
      return send(response, 201, pullRequestResponse(options, nextPull++, nextId++, fields as { title: string; head: string; base: string; body?: string }));
    }
    violations.push(`no route for ${method} ${path}`);
    return send(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  };

  const listening = await listenOnLoopback('fake GitHub', handle, violations);
  return { url: listening.url, requests, violations, close: () => listening.close() };
}
