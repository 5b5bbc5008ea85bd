// Prints a hash of everything elbow.vsix is built from (sources, media, docs, manifest, lock), so the
// start script repackages only when one of them changed. Tests, benchmarks, scripts and build output
// do not go into the package.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const notInputs = new Set(['.git', 'node_modules', 'dist', 'out', 'tools', 'test', 'bench', 'scripts', '.ci', '.vscode-dev', '.test-output', '.bench']);

function packageInputsHash(root) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true }).sort((first, second) => first.name.localeCompare(second.name));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && notInputs.has(entry.name)) continue;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile() && !entry.name.endsWith('.vsix')) hash.update(`${child}\0`).update(fs.readFileSync(path.join(root, child))).update('\0');
    }
  };
  visit('');
  return hash.digest('hex');
}

console.log(packageInputsHash(process.argv[2] ?? process.cwd()));
