import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inputVariable, readActionOutputs, runAction } from '../../support/actionRunner';
import { startFakeGitHubServer } from '../../support/fakeGitHubServer';
import { issueCommentEvent, webhookRepository } from '../../support/fakeGitHub/webhookEvents';
import { startFakeLlmServer, text } from '../../support/fakeLlmServer';
import { runGitSync } from '../../support/gitRepository';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: __dirname, encoding: 'utf8' }).trim();
const apiKey = 'sk-test-release-0c1d';
const githubToken = 'ghs_fakeReleaseToken0123456789';

/** What a runner needs and nothing else: the Action's and the CLI's bundles (and those they load), no source, no map. */
const expectedFiles = [
  'LICENSE', 'README.md', 'action.yml', 'dist/action.js', 'dist/anthropicSdk.js', 'dist/cli.js', 'dist/mcpSdk.js',
  'dist/openaiSdk.js', 'dist/shellParser.js', 'dist/webPageConverter.js',
];

const identity = { GIT_AUTHOR_NAME: 'Release', GIT_AUTHOR_EMAIL: 'release@example.invalid', GIT_COMMITTER_NAME: 'Release', GIT_COMMITTER_EMAIL: 'release@example.invalid' };

function release(cwd: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npm', ['run', '--silent', 'release:action', '--', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...identity } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** What the release must leave alone: HEAD, the branch checked out, the index file's bytes and the working tree's status. */
function snapshot(clone: string): Record<string, string> {
  return {
    head: runGitSync(clone, ['rev-parse', 'HEAD']),
    branch: runGitSync(clone, ['symbolic-ref', 'HEAD']),
    index: createHash('sha256').update(fs.readFileSync(path.join(clone, '.git', 'index'))).digest('hex'),
    status: runGitSync(clone, ['status', '--porcelain', '--ignored']),
  };
}

/** A clone of this repository with the working tree's changes committed on top, so the test runs the code as it is now. */
function cloneOfThisRepository(into: string): void {
  runGitSync(path.dirname(into), ['clone', '--quiet', '--no-hardlinks', root, into]);
  const changed = runGitSync(root, ['ls-files', '--modified', '--others', '--exclude-standard']).split('\n').filter((file) => file !== '');
  const deleted = new Set(runGitSync(root, ['ls-files', '--deleted']).split('\n').filter((file) => file !== ''));
  for (const file of changed) {
    fs.rmSync(path.join(into, file), { force: true });
    if (deleted.has(file)) continue;
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(into, file));
  }
  runGitSync(into, ['add', '--all']);
  if (runGitSync(into, ['status', '--porcelain']) !== '') execFileSync('git', ['commit', '--quiet', '-m', 'The working tree'], { cwd: into, env: { ...process.env, ...identity } });
  // The build's dependencies; node_modules is ignored, so the tree stays clean.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(into, 'node_modules'));
}

describe('a release of the GitHub Action (npm run release:action)', function () {
  this.timeout(120_000);
  let scratch: string;
  let clone: string;
  let untouched: Record<string, string>;
  let source: string;
  let output: string;
  let unpacked: string;

  before(() => {
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-action-release-')));
    clone = path.join(scratch, 'source');
    cloneOfThisRepository(clone);
    source = runGitSync(clone, ['rev-parse', 'HEAD']);
    runGitSync(clone, ['tag', 'v1', 'HEAD~1']);
    untouched = snapshot(clone);
    const run = release(clone, ['--tag', 'v1', '--tag', 'v1.2.0']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    output = run.stdout;
    // What the runner does with `uses: owner/elbow@v1`: the tag's tree, unpacked into a folder of its own.
    unpacked = path.join(scratch, 'actions', 'elbow', 'v1');
    fs.mkdirSync(unpacked, { recursive: true });
    execFileSync('sh', ['-c', `git -C '${clone}' archive v1 | tar -x -C '${unpacked}'`]);
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('commits only what a runner needs on action-release, naming the source commit, and moves the tags to it', () => {
    const commit = runGitSync(clone, ['rev-parse', 'action-release']);
    assert.deepEqual(runGitSync(clone, ['ls-tree', '-r', '--name-only', commit]).split('\n'), expectedFiles);
    assert.equal(runGitSync(clone, ['log', '-1', '--format=%s%n%P', commit]), `Release the GitHub Action built from ${source}\n${source}`);
    assert.deepEqual(['v1', 'v1.2.0'].map((tag) => runGitSync(clone, ['rev-parse', `${tag}^{commit}`])), [commit, commit]);
    assert.ok(output.includes(`action-release: ${commit}`), output);
    assert.equal(runGitSync(clone, ['show', `${commit}:action.yml`]), runGitSync(clone, [`show`, `${source}:action.yml`]));
    assert.doesNotMatch(runGitSync(clone, ['show', `${commit}:dist/cli.js`]), /sourceMappingURL/, 'a production build, without source maps');
  });

  it('leaves the working tree, the index and HEAD of the repository it ran in as they were', () => {
    assert.deepEqual(snapshot(clone), untouched);
  });

  it('refuses to release from a working tree with uncommitted changes', () => {
    const tip = runGitSync(clone, ['rev-parse', 'action-release']);
    fs.appendFileSync(path.join(clone, 'action.yml'), '# not committed\n');
    try {
      const run = release(clone, ['--tag', 'v1']);
      assert.equal(run.status, 1);
      assert.match(run.stderr, /uncommitted changes/);
      assert.equal(runGitSync(clone, ['rev-parse', 'action-release']), tip);
    } finally {
      runGitSync(clone, ['checkout', '--', 'action.yml']);
    }
  });

  it('runs from the released tree alone, with no node_modules anywhere above it: a comment answered with its own dist/cli.js', async () => {
    for (let folder = unpacked; folder !== path.dirname(folder); folder = path.dirname(folder)) assert.ok(!fs.existsSync(path.join(folder, 'node_modules')), `${folder}/node_modules`);
    const llm = await startFakeLlmServer({ apiKey });
    const github = await startFakeGitHubServer({ ...webhookRepository, token: githubToken, permissions: { octocat: { permission: 'write', role_name: 'write' } }, defaultBranch: 'main', hasBranch: () => false });
    try {
      llm.enqueue({ kind: 'reply', content: [text('The release works.')] });
      const workspace = path.join(scratch, 'workspace');
      runGitSync(scratch, ['init', '--quiet', '--initial-branch=main', workspace]);
      const event = issueCommentEvent({ number: 5, title: 'Release', issueBody: 'Does it run?', comment: '@elbow does it run?', commenter: 'octocat', defaultBranch: 'main' });
      const files = { GITHUB_EVENT_PATH: path.join(scratch, 'event.json'), GITHUB_OUTPUT: path.join(scratch, 'output'), GITHUB_STEP_SUMMARY: path.join(scratch, 'summary') };
      fs.writeFileSync(files.GITHUB_EVENT_PATH, JSON.stringify(event));
      fs.writeFileSync(files.GITHUB_OUTPUT, '');
      fs.writeFileSync(files.GITHUB_STEP_SUMMARY, '');
      const inputs: Record<string, string> = {
        prompt: '', trigger_phrase: '@elbow', provider: 'openai', model: 'deepseek-chat', api_key: apiKey, base_url: llm.openaiBaseUrl, allowed_hosts: '',
        max_turns: '5', max_budget_usd: '', timeout_minutes: '', mode: 'comment', base_branch: '', github_token: githubToken,
      };
      const env: NodeJS.ProcessEnv = {
        // No elbow on PATH: the action falls back to the dist/cli.js beside it.
        PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
        HOME: path.join(scratch, 'home'),
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_REPOSITORY: `${webhookRepository.owner}/${webhookRepository.repo}`,
        GITHUB_WORKSPACE: workspace,
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        RUNNER_TEMP: path.join(scratch, 'runner-temp'),
        ...files,
        ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [inputVariable(name), value])),
      };
      const run = await runAction(env, workspace, path.join(unpacked, 'dist', 'action.js'));
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.deepEqual([llm.violations, github.violations], [[], []]);
      const comments = github.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/issues/5/comments'));
      assert.match(String((comments[0]?.body as { body?: unknown } | undefined)?.body), /^The release works\.\n\n<sub>Elbow · 1 turn/);
      const result = JSON.parse((await readActionOutputs(files.GITHUB_OUTPUT)).result ?? '{}') as { outcome?: string };
      assert.equal(result.outcome, 'completed');
    } finally {
      await llm.close();
      await github.close();
    }
  });
});
