import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SourceCandidate } from './corpusSources';
import { debianPackageOf, run } from './debianPackages';

/** Where the corpus's files are looked for. */
export interface CorpusMachine {
  /** The folder whose node_modules holds the project's packages. */
  projectRoot: string;
  /** The Python interpreter whose standard library is read. */
  python: string;
  /** Where rustup keeps its toolchains. */
  rustupHome: string;
}

export function thisMachine(): CorpusMachine {
  return {
    projectRoot: path.resolve(__dirname, '..', '..'),
    python: 'python3',
    rustupHome: process.env.RUSTUP_HOME ?? path.join(os.homedir(), '.rustup'),
  };
}

/** A candidate found: the file to read, what it comes from and at which version. */
export interface FoundSource {
  file: string;
  source: string;
  version: string;
}

/** The file `candidate` names on `machine` with its package and version, or why it is not there. */
export function findSource(candidate: SourceCandidate, machine: CorpusMachine): FoundSource | { missing: string } {
  switch (candidate.kind) {
    case 'npm': return findNpmFile(candidate.package, candidate.path, machine.projectRoot, candidate.via);
    case 'python': return findPythonModule(candidate.path, machine.python);
    case 'debian': return findDebianFile(candidate.path);
    case 'rustup': return findRustupFile(candidate.path, candidate.component, machine.rustupHome);
  }
}

function findNpmFile(name: string, file: string, projectRoot: string, via?: string): FoundSource | { missing: string } {
  const from = via === undefined ? projectRoot : packageFolder(via, projectRoot, projectRoot);
  const folder = from === undefined ? undefined : packageFolder(name, from, projectRoot);
  const shown = `npm ${name}${via ? ` (as ${via} has it)` : ''}`;
  if (folder === undefined) return { missing: `${shown} is not installed` };
  const version = readVersion(path.join(folder, 'package.json'));
  if (version === undefined) return { missing: `${shown} has no version in its package.json` };
  const found = path.join(folder, file);
  if (!fs.existsSync(found)) return { missing: `${shown} ${version} has no ${file}` };
  return { file: found, source: `${shown}: ${file}`, version };
}

/** The package's folder as Node resolves it from `from`: the nearest node_modules on the way up to the project. */
function packageFolder(name: string, from: string, projectRoot: string): string | undefined {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (folder === projectRoot || path.dirname(folder) === folder) return undefined;
  }
}

function readVersion(packageJson: string): string | undefined {
  try {
    const version: unknown = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The files of Debian packages (or of Python's standard library, which may be one) that `candidates` may read, for
 * asking dpkg about them all at once.
 */
export function debianCandidateFiles(candidates: readonly SourceCandidate[], machine: CorpusMachine): string[] {
  return candidates.flatMap((candidate) => {
    if (candidate.kind === 'debian') return expandStar(candidate.path) ?? [];
    const stdlib = candidate.kind === 'python' ? pythonOf(machine.python)?.stdlib : undefined;
    return stdlib === undefined ? [] : [path.join(stdlib, candidate.path)];
  });
}

/** Each interpreter's version and standard library folder, asked once: starting Python (through pyenv's shim, say) is slow. */
const pythons = new Map<string, { version: string; stdlib: string } | null>();

function pythonOf(python: string): { version: string; stdlib: string } | undefined {
  if (!pythons.has(python)) {
    const printed = run(python, ['-c', 'import platform, sysconfig; print(platform.python_version()); print(sysconfig.get_paths()["stdlib"])']);
    const [version, stdlib] = printed?.split('\n') ?? [];
    pythons.set(python, version && stdlib ? { version, stdlib } : null);
  }
  return pythons.get(python) ?? undefined;
}

function findPythonModule(module: string, python: string): FoundSource | { missing: string } {
  const { version, stdlib } = pythonOf(python) ?? {};
  if (!version || !stdlib) return { missing: `${python} is not installed` };
  const found = path.join(stdlib, module);
  if (!fs.existsSync(found)) return { missing: `Python ${version}'s standard library has no ${module}` };
  const debian = debianPackageOf(found);
  return {
    file: found,
    source: `Python standard library${debian ? ` (Debian ${debian.name})` : ''}: ${found}`,
    version: debian ? `${version} (${debian.version})` : version,
  };
}

function findDebianFile(pattern: string): FoundSource | { missing: string } {
  const found = expandStar(pattern);
  if (found === undefined) return { missing: `${pattern} is not on this machine` };
  const debian = debianPackageOf(found);
  if (debian === undefined) return { missing: `${found} is from no Debian package` };
  return { file: found, source: `Debian ${debian.name}: ${found}`, version: debian.version };
}

/** The path with its one `*` part replaced by the last matching name in sort order, if that file exists. */
function expandStar(pattern: string): string | undefined {
  const parts = pattern.split('/');
  const star = parts.findIndex((part) => part.includes('*'));
  if (star < 0) return fs.existsSync(pattern) ? pattern : undefined;
  const folder = parts.slice(0, star).join('/') || '/';
  const [before, after] = (parts[star] as string).split('*') as [string, string];
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.startsWith(before) && name.endsWith(after) && name.length >= before.length + after.length);
  } catch {
    return undefined;
  }
  const matches = names.sort().map((name) => [...parts.slice(0, star), name, ...parts.slice(star + 1)].join('/')).filter((file) => fs.existsSync(file));
  return matches.at(-1);
}

/** The file in the first toolchain that has it, stable ones first, with the version its component's manifest gives. */
function findRustupFile(file: string, component: string, rustupHome: string): FoundSource | { missing: string } {
  let toolchains: string[];
  try {
    toolchains = fs.readdirSync(path.join(rustupHome, 'toolchains')).sort((a, b) => Number(!a.startsWith('stable')) - Number(!b.startsWith('stable')) || a.localeCompare(b));
  } catch {
    return { missing: `no rustup toolchain in ${rustupHome}` };
  }
  for (const toolchain of toolchains) {
    const folder = path.join(rustupHome, 'toolchains', toolchain);
    const found = path.join(folder, file);
    const version = componentVersion(path.join(folder, 'lib', 'rustlib', 'multirust-channel-manifest.toml'), component);
    if (fs.existsSync(found) && version !== undefined) return { file: found, source: `rustup ${toolchain}, ${component}: ${file}`, version };
  }
  return { missing: `no rustup toolchain in ${rustupHome} has ${file}` };
}

/** `version = "…"` under `[pkg.<component>]` in rustup's channel manifest. */
function componentVersion(manifest: string, component: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(manifest, 'utf8');
  } catch {
    return undefined;
  }
  const section = text.split(/^\[/m).find((part) => part.startsWith(`pkg.${component}]`));
  return section?.match(/^version = "([^"]+)"/m)?.[1];
}
