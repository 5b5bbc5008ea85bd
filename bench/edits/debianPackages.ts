import { execFileSync } from 'node:child_process';

/** The Debian package that installed a file, and its version. */
export interface DebianPackage {
  name: string;
  version: string;
}

/** What dpkg said of each file asked so far: its package, or null for none. dpkg's answers do not change while the bench runs. */
const owners = new Map<string, DebianPackage | null>();

/**
 * Which installed Debian package owns each of `files`, asked of dpkg in one call (each call reads dpkg's whole file
 * list). With merged /usr, dpkg may know a file of /usr/bin by its old name in /bin, so that name is asked too.
 */
export function lookUpDebianOwners(files: readonly string[]): void {
  const asked = [...new Set(files.filter((file) => !owners.has(file)))];
  if (asked.length === 0) return;
  const names = asked.flatMap((file) => [file, legacyName(file)]).filter((name, index, all) => all.indexOf(name) === index);
  const packageOf = new Map<string, string>();
  for (const line of (run('dpkg-query', ['--search', ...names], { failing: true }) ?? '').split('\n')) {
    const match = /^([^,\s]+): (\/.*)$/.exec(line);
    if (match) packageOf.set(match[2] as string, match[1] as string);
  }
  for (const file of asked) {
    const owner = packageOf.get(file) ?? packageOf.get(legacyName(file));
    const version = owner === undefined ? undefined : run('dpkg-query', ['--show', '--showformat=${Version}', owner]);
    owners.set(file, owner && version ? { name: owner.replace(/:[a-z0-9]+$/, ''), version } : null);
  }
}

/** The installed Debian package that owns `file`, or undefined where dpkg is missing or no package owns it. */
export function debianPackageOf(file: string): DebianPackage | undefined {
  lookUpDebianOwners([file]);
  return owners.get(file) ?? undefined;
}

function legacyName(file: string): string {
  return file.replace(/^\/usr\/(bin|sbin|lib)\//, '/$1/');
}

/**
 * What the command printed, trimmed; undefined when it is missing or prints nothing. `failing`: keep what it printed
 * even when it exits non-zero (dpkg-query does when one of several files is unknown to it).
 */
export function run(command: string, args: readonly string[], options: { failing?: boolean } = {}): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim() || undefined;
  } catch (error) {
    const printed = (error as { stdout?: unknown }).stdout;
    return options.failing && typeof printed === 'string' ? printed.trim() || undefined : undefined;
  }
}
