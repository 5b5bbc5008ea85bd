/** One command run to its end (or until it times out or is cancelled). */
export interface CommandRequest {
  /** The command line exactly as the model wrote it, for the user's shell. */
  command: string;
  /** Absolute folder to run it in. */
  cwd: string;
  timeoutMs: number;
  /** Cancels the command: its whole process tree is stopped. */
  signal: AbortSignal;
  /** Output as it arrives (raw: may hold terminal escapes and `\r`). */
  onOutput?: (chunk: string) => void;
  /** Run inside the OS sandbox; false runs it with the user's full rights (the user approved that). */
  sandboxed: boolean;
}

export interface CommandResult {
  /** Undefined when the process was stopped or its exit code could not be learnt. */
  exitCode: number | undefined;
  /** Everything the command printed, stdout and stderr together, raw. */
  output: string;
  ending: 'exited' | 'timedOut' | 'cancelled';
  /** Something the model should know about how it ran, e.g. `ran without shell integration`. */
  note?: string;
}

/** A long-running command (a dev server, a watcher) started to keep running. */
export interface BackgroundRequest {
  command: string;
  cwd: string;
  /** A short name for where it shows, e.g. the terminal's title. */
  title: string;
  onOutput(chunk: string): void;
  /** Called once, when the process ends for any reason. */
  onExit(exitCode: number | undefined): void;
  sandboxed: boolean;
}

export interface StartedProcess {
  /** Stops the whole process tree; resolves once it is gone (or could not be stopped). */
  stop(): Promise<void>;
}

/** Whether commands can run in an OS sandbox here, and if not, why. */
export type SandboxStatus =
  | {
      available: true;
      /** The shell sandboxed commands run in (they are judged by its parser), e.g. `/bin/bash`. */
      shell: string;
      /** What the sandbox allows, one line for the model and the user. */
      description: string;
    }
  | { available: false; reason: string };

/** How commands run: VS Code's terminals, or child processes in the terminal host. */
export interface CommandRunner {
  run(request: CommandRequest): Promise<CommandResult>;
  start(request: BackgroundRequest): Promise<StartedProcess>;
  /** Found out once and then remembered; never rejects. */
  sandboxStatus(): Promise<SandboxStatus>;
}
