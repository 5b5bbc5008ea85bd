/** What the output of a failed sandboxed command suggests the sandbox blocked. */
const blockedKinds: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  {
    pattern: /\.git\b[^\n]*(?:read-only file system|\bEROFS\b)/i,
    what: "git's folder .git is read-only there, so git commands that change the repository (add, commit, checkout, stash…) must run outside it",
  },
  {
    pattern: /read-only file system|\bEROFS\b/i,
    what: 'writes outside the workspace folders and the temp folder, and to protected files, are blocked in the sandbox',
  },
  {
    pattern: /network is unreachable|\bENETUNREACH\b|could not resolve host|getaddrinfo|\bEAI_AGAIN\b|temporary failure in name resolution|\bENOTFOUND\b|name or service not known|failed to connect|connection refused|\bECONNREFUSED\b|403 Forbidden.*proxy|blocked by Elbow's sandbox/i,
    what: 'the sandbox has no network access except to the hosts the user allowed',
  },
  { pattern: /operation not permitted|\bEPERM\b|permission denied|\bEACCES\b/i, what: 'the sandbox may have blocked it' },
];

/**
 * One sentence for the model when a sandboxed command failed in a way the sandbox may explain:
 * what was blocked, and what would work. Undefined when nothing in the output points there.
 */
export function sandboxFailureHint(output: string): string | undefined {
  const blocked = blockedKinds.find((kind) => kind.pattern.test(output));
  if (blocked === undefined) return undefined;
  return `It ran in the sandbox, and ${blocked.what}. If the command really needs that, run it again with outside_sandbox: true and a one-sentence reason; the user will be asked.`;
}

/** How a card or the terminal labels where a command ran; nothing where no sandbox can run. */
export function placementLabel(sandboxed: boolean, sandboxAvailable: boolean): string | undefined {
  if (sandboxed) return 'sandboxed';
  return sandboxAvailable ? 'outside the sandbox' : undefined;
}
