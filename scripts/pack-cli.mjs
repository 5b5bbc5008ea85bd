// Packs the terminal program alone as an npm package (`npm run pack:cli [-- --out=<folder>]`): a production build
// in a scratch folder, then cli.js and the bundles it loads at run time, the manifest and README of packaging/cli/
// (version, license and links from the repository's package.json) and the LICENSE, staged and packed with `npm pack`.
// Prints the tarball's path and size; the tarball lands in --out (default: the repository's root).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeBundles } from './runtimeBundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv.find((argument) => argument.startsWith('--out='))?.slice('--out='.length) ?? root);

function stagedManifest() {
  const template = JSON.parse(fs.readFileSync(path.join(root, 'packaging/cli/package.json'), 'utf8'));
  const repository = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const { name, description, ...rest } = template;
  return { name, version: repository.version, description, license: repository.license, repository: repository.repository, bugs: repository.bugs, ...rest };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-cli-pack-'));
try {
  const build = path.join(scratch, 'build');
  execFileSync(process.execPath, ['esbuild.js', '--production', `--outdir=${build}`], { cwd: root, stdio: 'inherit' });
  const stage = path.join(scratch, 'package');
  fs.mkdirSync(path.join(stage, 'dist'), { recursive: true });
  for (const bundle of runtimeBundles(build, 'cli.js')) fs.copyFileSync(path.join(build, bundle), path.join(stage, 'dist', bundle));
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(stagedManifest(), null, 2)}\n`);
  fs.copyFileSync(path.join(root, 'packaging/cli/README.md'), path.join(stage, 'README.md'));
  fs.copyFileSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
  fs.mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }));
  const tarball = path.join(out, packed.filename);
  console.log(`${packed.name} ${packed.version}: ${tarball}`);
  console.log(`${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files: ${packed.files.map((file) => file.path).join(', ')}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
