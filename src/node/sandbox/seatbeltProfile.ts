import type { SandboxPlan } from './sandboxPlan';

/**
 * The Seatbelt (sandbox-exec) profile for a plan on macOS. Later rules win over earlier ones:
 * everything is allowed, then all writes and all network are denied, and reads in the home folders,
 * then reads of what a build needs there (git's configuration, toolchains: real paths, as Seatbelt
 * matches them), the workspace folders and the private temp folder are allowed again, then writes
 * inside the workspace folders and the private temp folder are allowed again, then protected paths are
 * denied again (whether they exist or not: Seatbelt matches paths, so no placeholder is needed),
 * then hidden paths are denied for reading and writing.
 */
export function seatbeltProfile(plan: SandboxPlan): string {
  const lines = ['(version 1)', '(allow default)', '(deny network*)', '(deny file-write*)'];
  if (plan.coveredHomes.length > 0) {
    lines.push(`(deny file-read* ${plan.coveredHomes.map((home) => `(subpath ${quote(home)})`).join(' ')})`);
    const readable = [...new Set([...plan.readableInHomes.map((binding) => binding.source), ...plan.writableRoots, plan.privateTemp, ...plan.keptReadable])];
    lines.push(`(allow file-read* ${readable.map((folder) => `(subpath ${quote(folder)})`).join(' ')})`);
  }
  const writable = [...plan.writableRoots, plan.privateTemp].map((folder) => `(subpath ${quote(folder)})`);
  const devices = ['/dev/null', '/dev/zero', '/dev/stdout', '/dev/stderr', '/dev/dtracehelper'].map((device) => `(literal ${quote(device)})`);
  lines.push(`(allow file-write* ${[...writable, ...devices, '(regex #"^/dev/tty")', '(regex #"^/dev/fd/")'].join(' ')})`);
  if (plan.protectedPaths.length > 0) lines.push(`(deny file-write* ${plan.protectedPaths.map(matcher).join(' ')})`);
  const hidden = [...plan.hiddenDirectories.map((folder) => `(subpath ${quote(folder)})`), ...plan.hiddenFiles.map((file) => `(literal ${quote(file)})`)];
  if (hidden.length > 0) lines.push(`(deny file-read* file-write* ${hidden.join(' ')})`);
  if (plan.network.kind === 'proxy') lines.push(`(allow network-outbound (remote ip ${quote(`localhost:${plan.network.port}`)}))`);
  return `${lines.join('\n')}\n`;
}

function matcher(entry: { path: string; kind: 'file' | 'directory' }): string {
  return entry.kind === 'directory' ? `(subpath ${quote(entry.path)})` : `(literal ${quote(entry.path)})`;
}

/** A string literal of the profile language (Scheme-like: backslash and double quote escaped). */
function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
