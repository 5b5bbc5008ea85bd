/** One hook command to run: its JSON on stdin, its stdout and stderr kept apart. */
export interface HookRunRequest {
  command: string;
  /** The event's JSON, written to the command's stdin. */
  stdin: string;
  cwd: string;
  timeoutMs: number;
  /** In the OS sandbox (a workspace's hooks), or with the user's rights (the user's own hooks). */
  sandboxed: boolean;
  /** Added to the environment, e.g. `CLAUDE_PROJECT_DIR`. */
  env: Readonly<Record<string, string>>;
  signal: AbortSignal;
}

export interface HookRunResult {
  /** Undefined when it did not exit by itself (timed out, cancelled, not started, killed). */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  ending: 'exited' | 'timedOut' | 'cancelled' | 'notStarted';
  /** Why it did not start, or what the sandbox did after it. */
  note?: string;
}

/** Runs hooks' commands as child processes (never in a terminal the user sees). */
export interface HookRunner {
  run(request: HookRunRequest): Promise<HookRunResult>;
  /** Whether sandboxed hooks can run here; the reason when not. */
  sandboxAvailable(): Promise<{ available: true } | { available: false; reason: string }>;
}
