import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { transform } from 'esbuild';
import { elbowEnvironment, type CliRun, type ProviderName } from '../../support/elbowCli';
import { startFakeLlmServer, text, toolCall } from '../../support/fakeLlmServer';

const root = path.resolve(__dirname, '../../..');

/** Measured 757,937 bytes for 0.1.0 (six bundles, 2.6 MB unpacked); the bound leaves room to grow, not to ship the extension too. */
const MAX_TARBALL_BYTES = 1_000_000;

/** cli.js and the bundles it loads with a runtime `require` or starts as a worker (esbuild.js), nothing of the extension or the webview. */
const expectedFiles = [
  'LICENSE',
  'README.md',
  'dist/answerCheckWorker.js',
  'dist/anthropicSdk.js',
  'dist/cli.js',
  'dist/mcpSdk.js',
  'dist/openaiSdk.js',
  'dist/shellParser.js',
  'dist/webPageConverter.js',
  'package.json',
];

/** Started as a worker by cli.js, not required: it checks the request it is started with. */
const answerCheckWorker = 'dist/answerCheckWorker.js';

/**
 * Built-ins that came after Node 20 and are not in any 20.x release (Node's changelogs): the bundles run them
 * nowhere, so a dependency that starts using one needs a guard or an older version.
 */
const builtinsNewerThanNode20 = [
  /\bPromise\.withResolvers\b/, /\b(Object|Map)\.groupBy\b/, /\bArray\.fromAsync\b/, /\bIterator\.from\b/, /\bPromise\.try\b/,
  /\bRegExp\.escape\b/, /\bError\.isError\b/, /\bFloat16Array\b/, /["']node:sqlite["']/, /\bglobSync\b/,
];

interface Manifest {
  name: string;
  version: string;
  license?: string;
  engines?: { node?: string };
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  repository?: { url?: string };
}

function readManifest(file: string): Manifest {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Runs the installed `elbow` as its bin link, so its `#!/usr/bin/env node` picks the Node on the PATH: this test's. */
function runInstalled(elbow: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(elbow, args, { cwd, env: { ...env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ''}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the CLI as an npm package of its own (npm run pack:cli)', function () {
  this.timeout(120_000);
  let scratch: string;
  let tarball: string;
  let packOutput: string;
  let installed: string;
  let elbow: string;

  before(function () {
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-cli-package-')));
    const out = path.join(scratch, 'out');
    packOutput = execFileSync('npm', ['run', '--silent', 'pack:cli', '--', `--out=${out}`], { cwd: root, encoding: 'utf8' });
    const tarballs = fs.readdirSync(out).filter((name) => name.endsWith('.tgz'));
    assert.equal(tarballs.length, 1, `npm pack made ${tarballs.join(', ') || 'nothing'}`);
    tarball = path.join(out, tarballs[0] ?? '');
    const prefix = path.join(scratch, 'global');
    // Offline: a package with nothing to fetch installs without a registry.
    execFileSync('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--cache', path.join(scratch, 'npm-cache'), tarball], { cwd: scratch, encoding: 'utf8' });
    installed = path.join(prefix, 'lib', 'node_modules', '@elbow-agent', 'cli');
    elbow = path.join(prefix, 'bin', 'elbow');
  });

  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('holds only the terminal program: its bundles, the manifest, README and LICENSE, under a size bound', () => {
    assert.ok(packOutput.includes(tarball), `the script printed:\n${packOutput}`);
    assert.match(packOutput, new RegExp(`${fs.statSync(tarball).size} bytes packed`));
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((entry) => entry.replace(/^package\//, '')).sort();
    assert.deepEqual(files, expectedFiles);
    assert.deepEqual(files.filter((file) => /\.map$|\.ts$|test|extension|elbowChat|webview|codicons|action/.test(file)), []);
    assert.ok(fs.statSync(tarball).size < MAX_TARBALL_BYTES, `the tarball is ${fs.statSync(tarball).size} bytes`);
  });

  it('asks for Node 20 or later, has no dependencies to fetch, and installs `elbow` with the repository\'s version', async () => {
    const manifest = readManifest(path.join(installed, 'package.json'));
    const repository = readManifest(path.join(root, 'package.json'));
    assert.equal(manifest.name, '@elbow-agent/cli');
    assert.equal(manifest.engines?.node, '>=20');
    assert.deepEqual(manifest.bin, repository.bin);
    assert.deepEqual({ version: manifest.version, license: manifest.license, repository: manifest.repository }, { version: repository.version, license: repository.license, repository: repository.repository });
    assert.deepEqual([manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies], [undefined, undefined, undefined]);
    const run = await runInstalled(elbow, ['--version'], process.env, scratch);
    assert.deepEqual(run, { code: 0, stdout: `${repository.version}\n`, stderr: '' });
  });

  it('uses no syntax or built-ins newer than Node 20: lowering each bundle to node20 changes nothing', async () => {
    const bundles = fs.readdirSync(path.join(installed, 'dist'));
    assert.equal(bundles.length, expectedFiles.filter((file) => file.startsWith('dist/')).length);
    for (const bundle of bundles) {
      const code = fs.readFileSync(path.join(installed, 'dist', bundle), 'utf8');
      const [node20, newest] = await Promise.all(['node20', 'esnext'].map((target) => transform(code, { target, minify: true, format: 'cjs', platform: 'node', logLevel: 'silent' })));
      assert.ok(node20?.code === newest?.code, `${bundle} has syntax Node 20 does not run (esbuild lowers it for node20)`);
      assert.deepEqual(builtinsNewerThanNode20.filter((builtin) => builtin.test(code)).map(String), [], `${bundle} uses built-ins Node 20 lacks`);
    }
  });

  it('loads every bundle it ships from the installed folder alone, with no node_modules around it', () => {
    const bundles = expectedFiles.filter((file) => file.startsWith('dist/') && file !== 'dist/cli.js' && file !== answerCheckWorker).map((file) => path.join(installed, file));
    const exported = execFileSync(process.execPath, ['-e', 'for (const file of process.argv.slice(1)) console.log(Object.keys(require(file)).length)', ...bundles], { cwd: scratch, encoding: 'utf8' });
    const counts = exported.trim().split('\n').map(Number);
    assert.equal(counts.length, bundles.length);
    assert.ok(counts.every((count) => count > 0), `exports per bundle: ${counts.join(', ')}`);
    const checkInWorker = "new (require('node:worker_threads').Worker)(process.argv[1], { workerData: { schema: { type: 'string' }, answer: '\"ok\"' } }).once('message', (check) => console.log(JSON.stringify(check)))";
    assert.equal(execFileSync(process.execPath, ['-e', checkInWorker, path.join(installed, answerCheckWorker)], { cwd: scratch, encoding: 'utf8' }), '{"valid":true,"value":"ok"}\n');
  });

  for (const provider of ['anthropic', 'openai'] satisfies ProviderName[]) {
    it(`runs -p --json against ${provider}'s API from a folder outside the repository, a sandboxed command included`, async () => {
      const server = await startFakeLlmServer();
      const workspace = fs.mkdtempSync(path.join(scratch, 'workspace-'));
      try {
        fs.writeFileSync(path.join(workspace, 'notes.txt'), 'remember the milk\n');
        server.enqueue({ kind: 'reply', content: [toolCall('run_command', { command: 'cat notes.txt' })] }, { kind: 'reply', content: [text('It says to remember the milk.')] });
        const env = { ...elbowEnvironment(server, provider), ELBOW_DATA_DIR: path.join(scratch, 'data') };
        const run = await runInstalled(elbow, ['-p', 'what do my notes say?', '--json'], env, workspace);
        assert.equal(run.code, 0, run.stderr);
        const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
        assert.deepEqual({ type: events[0]?.type, cwd: events[0]?.cwd }, { type: 'session', cwd: workspace });
        assert.deepEqual({ type: events.at(-1)?.type, outcome: events.at(-1)?.outcome, answer: events.at(-1)?.answer }, { type: 'result', outcome: 'completed', answer: 'It says to remember the milk.' });
        assert.equal(events.find((event) => event.type === 'tool_result')?.placement, 'sandboxed');
        assert.match(JSON.stringify(server.requests.at(-1)?.body), /Exit code: 0[^"]*remember the milk/);
        assert.deepEqual(server.violations, []);
      } finally {
        await server.close();
      }
    });
  }
});
