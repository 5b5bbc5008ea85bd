import { createHash, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { relativeInside } from '../search/searchScope';
import { customizationHash, type CustomizationFile, type CustomizationReader } from './customizationFile';

/** Most workspace files a settings file's hooks are read for; beyond them nothing more is hashed. */
const maxScripts = 50;
const maxScriptBytes = 16 * 1024 * 1024;

/**
 * A workspace settings file as trust judges it when its hooks run workspace files (a script under
 * `$CLAUDE_PROJECT_DIR`): its hash covers those files' bytes too, so a script changed after the
 * user trusted the settings (by the model, say) makes the hooks untrusted again.
 */
export async function withHookScripts(reader: CustomizationReader, file: CustomizationFile, commands: readonly string[], root: string): Promise<CustomizationFile> {
  if (file.origin !== 'workspace' || commands.length === 0) return file;
  const named = [...new Set(commands.flatMap((command) => workspaceFilesNamed(command, root)))].sort().slice(0, maxScripts);
  if (named.length === 0) return file;
  const digest = createHash('sha256');
  for (const script of named) digest.update(script).update('\0').update(await bytesOf(reader, script)).update('\0');
  const sha256 = customizationHash(file.path, Buffer.concat([Buffer.from(file.text), Buffer.from('\0'), digest.digest()]));
  return { ...file, sha256, trusted: await reader.trust.trusts(file.path, sha256).catch(() => false) };
}

/** Whether a hook's command runs something of the workspace's: it names the project folder, or a path inside it. */
export function namesWorkspace(command: string, root: string): boolean {
  return /(CLAUDE|ELBOW)_PROJECT_DIR/.test(command) || workspaceFilesNamed(command, root, true).length > 0;
}

/** The words of a hook's command that name a path inside the workspace folder, with the project variables filled in. */
/** `asPath`: only words written as paths (with a `/`), not every dotted word (`index.js`, `a.b`). */
export function workspaceFilesNamed(command: string, root: string, asPath = false): string[] {
  const filled = command.replace(/\$\{?(CLAUDE_PROJECT_DIR|ELBOW_PROJECT_DIR)(:-[^}]*)?\}?/g, root);
  return filled
    .split(/[\s;&|()<>]+/)
    .map((word) => word.replace(/["']/g, ''))
    .filter((word) => word !== '' && !word.startsWith('-') && (asPath ? word.includes('/') : /[/.]/.test(word)))
    .map((word) => path.resolve(root, word))
    .filter((candidate) => {
      const relative = relativeInside(root, candidate);
      return relative !== undefined && relative !== '';
    });
}

/** A file's bytes; a marker for a missing one or one that is not a file, so creating it later changes the hash. */
async function bytesOf(reader: CustomizationReader, file: string): Promise<Uint8Array> {
  const stat = await reader.files.stat(file).catch(() => undefined);
  if (stat?.kind !== 'file') return Buffer.from(stat === undefined ? 'missing' : 'not a file');
  // Too large to read for the hash: a value no trust was ever given to, so its hooks stay untrusted.
  if (stat.size > maxScriptBytes) return Buffer.from(`larger than ${maxScriptBytes}: ${randomUUID()}`);
  return reader.files.readFile(file, reader.workspaceAllowed).catch(() => Buffer.from('unreadable'));
}
