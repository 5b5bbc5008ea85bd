import * as path from 'node:path';

/**
 * `ELBOW_SANDBOX_HIDE`: absolute paths, separated as in PATH, that commands in the sandbox see empty, besides the
 * credential stores and Elbow's own folders. A CI job names its runner's folders outside the home (its temporary
 * folder holds other steps' files and tokens); a relative path is ignored, as it would depend on the working folder.
 */
export function sandboxHiddenPaths(environment: NodeJS.ProcessEnv): string[] {
  return (environment.ELBOW_SANDBOX_HIDE ?? '').split(path.delimiter).filter((entry) => path.isAbsolute(entry));
}
