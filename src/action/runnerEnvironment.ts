/**
 * Variables of the runner that must not reach Elbow, git or what they run: the inputs (the keys among them),
 * the runner's own tokens, and GitHub tokens a workflow may have set for other steps.
 */
const withheldVariable = /^(INPUT_|ACTIONS_|GITHUB_TOKEN$|GH_TOKEN$|GH_ENTERPRISE_TOKEN$)/;

/** The runner's environment without its secrets. */
export function withoutRunnerSecrets(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(environment).filter(([name]) => !withheldVariable.test(name)));
}

/**
 * Folders a command in the sandbox can write: the workspace and the runner's temporary folders (the sandbox gives
 * commands a /tmp of their own). No program the action
 * starts outside the sandbox (git, elbow) is taken from a PATH entry inside them.
 */
export function sandboxWritableFolders(workspace: string, environment: NodeJS.ProcessEnv): string[] {
  return [workspace, environment.RUNNER_TEMP, environment.TMPDIR].filter((folder): folder is string => folder !== undefined && folder !== '');
}
