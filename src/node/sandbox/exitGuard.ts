import { isProcessGroupAlive, signalProcessGroup } from '../processGroup';

/** A sandboxed command (or shell) whose protected paths must be checked even if this process ends first. */
export interface ExitGuarded {
  /** Its process group, once started: killed before the check, so that nothing is planted after it. */
  groupId?: number;
  /** Moves aside protected files it created; synchronous. What it says goes to `log`. */
  releaseNow(): string[];
  log?(message: string): void;
}

const guarded = new Set<ExitGuarded>();
/** Signals that end this process by default; Elbow's own handlers (Ctrl-C cancelling a run) win where there are any. */
const endingSignals: readonly NodeJS.Signals[] = ['SIGHUP', 'SIGTERM', 'SIGINT'];
/** How long the exit path waits for a killed command's processes to be gone. */
const KILLED_WAIT_MS = 2000;
let installed = false;

/**
 * Keeps `entry` checked until the returned function is called: if this process ends first (it
 * exits, or SIGHUP, SIGTERM or SIGINT would end it), the command is killed and its protected
 * paths checked before the process is gone. Otherwise a command interrupted with Elbow would
 * leave a planted `.npmrc` or `.vscode/tasks.json` for the user's next build.
 */
export function guardUntilExit(entry: ExitGuarded): () => void {
  install();
  guarded.add(entry);
  return () => guarded.delete(entry);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', releaseAll);
  // First in line: another handler of the signal (the terminal's Ctrl-C) means this process does not end by it.
  for (const signal of endingSignals) process.prependListener(signal, onSignal);
}

function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  releaseAll();
  // Ends the process as the signal would have, now that nothing else listens.
  for (const each of endingSignals) process.removeListener(each, onSignal);
  installed = false;
  process.kill(process.pid, signal);
}

function releaseAll(): void {
  const entries = [...guarded];
  guarded.clear();
  for (const entry of entries) if (entry.groupId !== undefined) signalProcessGroup(entry.groupId, 'SIGKILL');
  for (const entry of entries) if (entry.groupId !== undefined) waitUntilGone(entry.groupId);
  for (const entry of entries) for (const note of entry.releaseNow()) entry.log?.(note);
}

/** Blocks (an exit handler cannot wait for a timer) until the group has no living process. */
function waitUntilGone(groupId: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + KILLED_WAIT_MS;
  while (isProcessGroupAlive(groupId) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 10);
}
