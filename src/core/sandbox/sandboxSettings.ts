/** How the user set up the sandbox for commands (VS Code settings `elbow.sandbox.*`, or the terminal's flags). */
export interface SandboxSettings {
  /** False: commands never run in the sandbox; the command rules alone decide what runs unasked. */
  enabled: boolean;
  /** Hosts sandboxed commands may reach through Elbow's filtering proxy (`registry.npmjs.org`, `*.example.com`, `host:port`). */
  allowedHosts: readonly string[];
  /** Paths relative to each workspace folder that stay read-only, besides the built-in list. */
  protectedPaths: readonly string[];
  /** Paths commands may not read, besides the built-in credential list (`~/…` or absolute). */
  hiddenPaths: readonly string[];
  /** Environment variables passed to commands besides the short list a build needs. */
  passEnvironment: readonly string[];
  /** Paths in the home folder commands may read besides the built-in list (`~/…` or absolute). */
  readableHomePaths: readonly string[];
}

export const defaultSandboxSettings: SandboxSettings = { enabled: true, allowedHosts: [], protectedPaths: [], hiddenPaths: [], passEnvironment: [], readableHomePaths: [] };
