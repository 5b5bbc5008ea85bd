import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { worktreeOfCrashedProcess } from '../../support/crashedWorktree';
import { text, toolCall } from '../../support/fakeLlmServer';
import { runGitSync, testGitEnvironment } from '../../support/gitRepository';
import { sessionsFolder } from '../../../src/node/dataFolder';

const exists = (file: string): Promise<boolean> => fs.lstat(file).then(() => true, () => false);

describe('elbow -p --worktree', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let dataFolder: string;
  const git = (...args: string[]): string => runGitSync(fixture.cwd, args);
  const environment = (): NodeJS.ProcessEnv => ({ ...elbowEnvironment(fixture.server, 'openai'), ...testGitEnvironment, ELBOW_DATA_DIR: dataFolder });

  beforeEach(async () => {
    dataFolder = path.join(fixture.cwd, '..', `${path.basename(fixture.cwd)}-data`);
    await fs.writeFile(path.join(fixture.cwd, 'a.txt'), 'alpha\n');
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('commit', '--quiet', '-m', 'First');
  });
  afterEach(() => fs.rm(dataFolder, { recursive: true, force: true }));

  it('runs in a new worktree whose git works in the sandbox, keeps the changes as a commit on its branch and leaves the user\'s files alone', async () => {
    const { server, cwd } = fixture;
    server.enqueue(
      { kind: 'reply', content: [toolCall('write_file', { path: 'b.txt', content: 'beta\n' })] },
      { kind: 'reply', content: [toolCall('run_command', { command: 'git status --porcelain' })] },
      { kind: 'reply', content: [text('Wrote b.txt.')] },
    );
    const run = await runElbow(['-p', 'Write b.txt', '--worktree', '--yes', '--cwd', cwd], environment());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'Wrote b.txt.');
    const branch = /kept on the branch (elbow\/write-b-txt-[0-9a-f]{8}) \(commit [0-9a-f]{12}\)/.exec(run.stderr)?.[1];
    assert.ok(branch, run.stderr);
    assert.match(run.stderr, new RegExp(`git merge ${branch}`));
    assert.equal(git('show', `${branch}:b.txt`), 'beta');
    assert.equal(git('log', '-1', '--format=%s', branch), 'Write b.txt');
    assert.equal(git('rev-parse', `${branch}^`), git('rev-parse', 'main'));
    assert.equal(await exists(path.join(cwd, 'b.txt')), false);
    assert.equal(git('status', '--porcelain'), '');
    assert.equal(git('worktree', 'list').split('\n').length, 1);
    const saved = (await fs.readdir(sessionsFolder(dataFolder, cwd))).filter((name) => name !== 'index.json');
    assert.equal(saved.length, 1, 'the session is saved with the folder it was started in, not the removed worktree');
    assert.deepEqual((await fs.readdir(path.join(dataFolder, 'worktrees'))), []);
    const statusResult = JSON.stringify(server.requests[2]?.body);
    assert.match(statusResult, /\?\? b\.txt/, 'git status ran in the worktree');
    assert.deepEqual(server.violations, []);
  });

  it('works with the default data folder in the home folder: the worktree is the run\'s workspace, the rest of the data folder stays out of reach', async () => {
    const { server, cwd } = fixture;
    const home = path.join(dataFolder, 'home');
    const defaultData = path.join(home, '.local', 'share', 'elbow');
    await fs.mkdir(path.join(defaultData, 'transcripts'), { recursive: true });
    await fs.writeFile(path.join(defaultData, 'transcripts', 'secret.jsonl'), 'a conversation\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('write_file', { path: 'b.txt', content: 'beta\n' })] },
      { kind: 'reply', content: [toolCall('read_file', { path: path.join(defaultData, 'transcripts', 'secret.jsonl') })] },
      { kind: 'reply', content: [text('Wrote b.txt.')] },
    );
    const env: NodeJS.ProcessEnv = { ...environment(), HOME: home };
    delete env.ELBOW_DATA_DIR;
    delete env.XDG_DATA_HOME;
    const run = await runElbow(['-p', 'Write b.txt', '--worktree', '--yes', '--cwd', cwd], env);
    assert.equal(run.code, 0, run.stderr);
    const branch = /kept on the branch (elbow\/write-b-txt-[0-9a-f]{8})/.exec(run.stderr)?.[1];
    assert.ok(branch, run.stderr);
    assert.equal(git('show', `${branch}:b.txt`), 'beta');
    assert.doesNotMatch(JSON.stringify(server.requests[2]?.body), /a conversation/);
  });

  it('with --json prints a worktree event with the branch, the commit and the files', async () => {
    const { server, cwd } = fixture;
    await fs.writeFile(path.join(cwd, 'a.txt'), 'alpha, not committed\n');
    server.enqueue(
      { kind: 'reply', content: [toolCall('write_file', { path: 'b.txt', content: 'beta\n' })] },
      { kind: 'reply', content: [text('Done.')] },
    );
    const run = await runElbow(['-p', 'Write b.txt', '--worktree', '--json', '--cwd', cwd], environment());
    assert.equal(run.code, 0, run.stderr);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; branch?: string; commit?: string; baseCommit?: string; path?: string; files?: unknown });
    const event = events.find((candidate) => candidate.type === 'worktree');
    assert.ok(event?.branch !== undefined && event.commit !== undefined && event.baseCommit !== undefined, run.stdout);
    assert.deepEqual(event.files, [{ path: 'b.txt', status: 'added' }]);
    assert.equal(git('rev-parse', event.branch), event.commit);
    assert.equal(git('show', `${event.baseCommit}:a.txt`), 'alpha, not committed', 'the worktree started from the uncommitted change');
    assert.equal(await exists(event.path ?? ''), false);
    assert.equal(await fs.readFile(path.join(cwd, 'a.txt'), 'utf8'), 'alpha, not committed\n');
    assert.match(run.stderr, /git diff [0-9a-f]{12} elbow\/\S+ \| git apply/);
  });

  it('removes the worktree and its branch when nothing changed', async () => {
    const { server, cwd } = fixture;
    server.enqueue({ kind: 'reply', content: [text('Nothing to do.')] });
    const run = await runElbow(['-p', 'Look around', '--worktree', '--cwd', cwd], environment());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /nothing changed in the worktree; it and its branch elbow\/look-around-[0-9a-f]{8} are removed/);
    assert.equal(git('branch', '--list', 'elbow/*'), '');
  });

  it('says clearly why no worktree can be made outside a git repository, and runs nothing', async () => {
    const { server } = fixture;
    const plain = path.join(dataFolder, 'plain');
    await fs.mkdir(plain, { recursive: true });
    const run = await runElbow(['-p', 'Write b.txt', '--worktree', '--cwd', plain], environment());
    assert.equal(run.code, 2);
    assert.match(run.stderr, /is not in a git repository/);
    assert.equal(server.requests.length, 0);
  });

  it('removes on start the worktree of a run that crashed', async () => {
    const { server, cwd } = fixture;
    const crashed = await worktreeOfCrashedProcess(path.join(dataFolder, 'worktrees'), cwd);
    server.enqueue({ kind: 'reply', content: [text('Hello.')] });
    const run = await runElbow(['-p', 'Hi', '--cwd', cwd], environment());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`removed the worktree of a run that ended abruptly \\(${crashed.branch}\\)`));
    assert.equal(await exists(crashed.path), false);
    assert.equal(git('worktree', 'list').split('\n').length, 1);
    assert.equal(git('branch', '--list', 'elbow/*'), '');
  });

  it('refuses --worktree without -p', async () => {
    const run = await runElbow(['--worktree', '--cwd', fixture.cwd], environment());
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--worktree goes with -p/);
  });
});
