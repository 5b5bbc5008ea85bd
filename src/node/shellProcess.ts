import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { stopProcessTree, type StopProcessTreeOptions } from './processTree';
import { shellInvocation } from './shellInvocation';
import { describeSpawnFailure } from './spawnFailure';

export interface ShellProcessOptions extends StopProcessTreeOptions {
  shell: string;
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The program that really runs, when not `shell` itself (the sandbox's launcher). */
  invocation?: { file: string; args: string[] };
  /** Decoded stdout and stderr text, in the order it arrives. */
  onOutput(chunk: string): void;
  /** When given, stderr comes here and only stdout to `onOutput`. */
  onErrorOutput?(chunk: string): void;
  /** Written to the process's stdin, which is then closed; without it stdin is closed at once. */
  stdin?: string;
}

export type ShellProcessEnd =
  | {
      kind: 'exited';
      /** Undefined when a signal ended it or it was stopped before its exit was seen. */
      exitCode: number | undefined;
      signal: NodeJS.Signals | undefined;
      /** Processes it left running (holding its output open) were stopped after it exited. */
      strayProcessesStopped: boolean;
    }
  | { kind: 'failedToStart'; message: string };

/** One command line running through a shell, in its own process group. */
export interface ShellProcess {
  /** Its process id (and, on POSIX, process group), once started. */
  readonly pid?: number;
  /** Settles once the process ended and all its output was delivered; never rejects. */
  readonly ended: Promise<ShellProcessEnd>;
  /** Stops the whole process tree; resolves once `ended` has settled. */
  stop(): Promise<void>;
}

/** After the shell exits, how long output may keep coming before whatever holds the pipes open is stopped. */
const DRAIN_AFTER_EXIT_MS = 300;
/** After the tree was stopped, how long to wait for the pipes to close. */
const CLOSE_AFTER_STOP_MS = 1000;

export function startShellProcess(options: ShellProcessOptions): ShellProcess {
  const invocation = options.invocation ? { ...options.invocation, windowsVerbatimArguments: false } : shellInvocation(options.shell, options.command);
  let child: ChildProcess;
  try {
    child = spawn(invocation.file, invocation.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      // Its own process group on POSIX, so the whole tree can be signalled. On Windows this would open a console.
      detached: options.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: invocation.windowsVerbatimArguments,
    });
  } catch (error) {
    return failedProcess(describeSpawnFailure(error, options.shell, options.cwd));
  }
  return watchProcess(child, options);
}

function failedProcess(message: Promise<string>): ShellProcess {
  const ended = message.then((text): ShellProcessEnd => ({ kind: 'failedToStart', message: text }));
  return {
    ended,
    async stop() {
      await ended;
    },
  };
}

function watchProcess(child: ChildProcess, options: ShellProcessOptions): ShellProcess {
  let settle: (end: ShellProcessEnd) => void = () => undefined;
  const ended = new Promise<ShellProcessEnd>((resolve) => (settle = resolve));
  let finished = false;
  let failed = false;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let strayProcessesStopped = false;

  const flushers = [decodeInto(child.stdout, options.onOutput), decodeInto(child.stderr, options.onErrorOutput ?? options.onOutput)];
  if (options.stdin !== undefined && child.stdin !== null) {
    // A process that never reads its stdin closes the pipe early: that is its choice, not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin);
  }
  const finish = (end: ShellProcessEnd): void => {
    if (finished) return;
    finished = true;
    clearTimeout(drainTimer);
    for (const flush of flushers) flush();
    child.stdout?.destroy();
    child.stderr?.destroy();
    settle(end);
  };
  const finishExited = (): void =>
    finish({ kind: 'exited', exitCode: exit?.code ?? undefined, signal: exit?.signal ?? undefined, strayProcessesStopped });
  const stopTree = (): Promise<void> => (stopping ??= stopProcessTree(child, options));

  child.on('error', (error) => {
    // After a successful spawn, errors are about signalling it, which stopProcessTree handles.
    if (child.pid !== undefined || failed) return;
    failed = true;
    void describeSpawnFailure(error, options.shell, options.cwd).then((message) => finish({ kind: 'failedToStart', message }));
  });
  child.on('exit', (code, signal) => {
    if (failed) return;
    exit = { code, signal };
    // A backgrounded grandchild can keep the pipes open long after the shell is gone.
    drainTimer = setTimeout(() => {
      strayProcessesStopped = stopping === undefined;
      void stopTree().then(finishExited);
    }, DRAIN_AFTER_EXIT_MS);
  });
  child.on('close', () => {
    if (failed) return;
    if (stopping) void stopping.then(finishExited);
    else finishExited();
  });

  return {
    pid: child.pid,
    ended,
    async stop() {
      if (failed) await ended;
      if (finished || failed) return;
      await stopTree();
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([ended, new Promise((resolve) => (giveUp = setTimeout(resolve, CLOSE_AFTER_STOP_MS)))]);
      clearTimeout(giveUp);
      finishExited();
    },
  };
}

/** Streams decoded text from one pipe; returns the flush for a multi-byte character cut off at the end. */
function decodeInto(stream: Readable | null, onText: (text: string) => void): () => void {
  const decoder = new StringDecoder('utf8');
  const deliver = (text: string): void => {
    if (text !== '') onText(text);
  };
  stream?.on('data', (bytes: Buffer) => deliver(decoder.write(bytes)));
  return () => deliver(decoder.end());
}
