/** Variables that carry Elbow's own keys and settings, whatever their names look like. */
const elbowVariables: ReadonlySet<string> = new Set(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ELBOW_MODELS']);

/** Names that look like secrets: `*_KEY`, `*_TOKEN`, `*_SECRET`, `*PASSWORD*` and their kin. */
const secretLooking = /(?:^|_)(?:KEY|TOKEN|SECRET|SECRETS|CREDENTIALS?|PASS|PASSWD|PAT|AUTH)$|PASSWORD|PASSPHRASE|PRIVATE_?KEY|API_?KEY|ACCESS_?KEY|AUTH_?TOKEN|SESSION_?TOKEN/i;

/**
 * Ways out of the sandbox through a program outside it: agents, the editor's IPC, the desktop
 * bus. The sockets they name are hidden in the sandbox anyway; the variables only mislead.
 */
const escapeHatches = /^(?:SSH_AUTH_SOCK|SSH_AGENT_PID|GPG_AGENT_INFO|DBUS_SESSION_BUS_ADDRESS|VSCODE_IPC_HOOK.*|VSCODE_GIT_.*|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|ELBOW_.*)$/;

export interface SandboxEnvironment {
  environment: Record<string, string>;
  /** The names left out, for the log and the docs' promise that nothing secret leaks. */
  removed: string[];
}

/**
 * The environment a sandboxed command gets: this process's, without Elbow's keys and anything
 * that looks like a secret, unless the user passes it by name (`elbow.sandbox.passEnvironment`).
 */
export function sandboxEnvironment(environment: Readonly<Record<string, string | undefined>>, passedNames: readonly string[] = []): SandboxEnvironment {
  const passed = new Set(passedNames.map((name) => name.trim()).filter((name) => name !== ''));
  const kept: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined) continue;
    if (!passed.has(name) && isWithheld(name)) removed.push(name);
    else kept[name] = value;
  }
  return { environment: kept, removed };
}

export function isWithheld(name: string): boolean {
  return elbowVariables.has(name.toUpperCase()) || secretLooking.test(name) || escapeHatches.test(name);
}
