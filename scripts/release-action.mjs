// Makes a release of the GitHub Action (`npm run release:action [-- --branch=<name>] [-- --tag v1 --tag v1.2.0]`):
// a production build in a scratch folder, then a commit holding only what a runner needs (action.yml, dist/action.js,
// dist/cli.js and the bundles they load, the LICENSE and packaging/action/README.md), whose parents are the release
// branch's previous tip and the source commit, on the release branch (default `action-release`), and the tags given
// moved to it. The commit is written with a temporary index, so the working tree, the index and HEAD stay as they are.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runtimeBundles } from './runtimeBundles.mjs';

const root = git(process.cwd(), ['rev-parse', '--show-toplevel']);
const branch = process.argv.find((argument) => argument.startsWith('--branch='))?.slice('--branch='.length) ?? 'action-release';
const tags = process.argv.flatMap((argument, index) => (argument === '--tag' ? [process.argv[index + 1] ?? ''] : []));

function git(cwd, args, options = {}) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', ...options }).trim();
}

function fail(message) {
  console.error(`release-action: ${message}`);
  process.exit(1);
}

function validRef(ref) {
  try {
    git(root, ['check-ref-format', ref]);
    return true;
  } catch {
    return false;
  }
}

function existing(ref) {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    return undefined;
  }
}

if (!validRef(`refs/heads/${branch}`)) fail(`"${branch}" is not a valid branch name`);
for (const tag of tags) if (!validRef(`refs/tags/${tag}`)) fail(`"${tag}" is not a valid tag name`);
if (git(root, ['status', '--porcelain']) !== '') fail('the working tree has uncommitted changes; a release is built from a commit, so commit or remove them first');
const checkedOut = git(root, ['worktree', 'list', '--porcelain']).split('\n').filter((line) => line === `branch refs/heads/${branch}`);
if (checkedOut.length > 0) fail(`${branch} is checked out in a worktree; the release commit would change it under its files`);

const source = git(root, ['rev-parse', 'HEAD']);
const previous = existing(`refs/heads/${branch}`);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-action-release-'));
try {
  const build = path.join(scratch, 'build');
  execFileSync(process.execPath, ['esbuild.js', '--production', `--outdir=${build}`], { cwd: root, stdio: 'inherit' });
  const bundles = [...new Set([...runtimeBundles(build, 'action.js'), ...runtimeBundles(build, 'cli.js')])];
  const files = [
    ['action.yml', path.join(root, 'action.yml')],
    ['LICENSE', path.join(root, 'LICENSE')],
    ['README.md', path.join(root, 'packaging/action/README.md')],
    ...bundles.map((bundle) => [`dist/${bundle}`, path.join(build, bundle)]),
  ];
  const env = { ...process.env, GIT_INDEX_FILE: path.join(scratch, 'index') };
  const entries = files.map(([name, file]) => `100644 ${git(root, ['hash-object', '-w', '--no-filters', file])}\t${name}`);
  git(root, ['update-index', '--add', '--index-info'], { env, input: `${entries.join('\n')}\n` });
  const tree = git(root, ['write-tree'], { env });
  const parents = [...(previous === undefined ? [] : ['-p', previous]), '-p', source];
  const message = `Release the GitHub Action built from ${source}`;
  const commit = git(root, ['commit-tree', tree, ...parents, '-m', message]);
  git(root, ['update-ref', '-m', message, `refs/heads/${branch}`, commit, previous ?? '']);
  for (const tag of tags) git(root, ['update-ref', '-m', message, `refs/tags/${tag}`, commit]);
  console.log(`${branch}: ${commit} (${files.length} files: ${files.map(([name]) => name).join(', ')}) from ${source}`);
  if (tags.length > 0) console.log(`tags moved to it: ${tags.join(', ')}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
