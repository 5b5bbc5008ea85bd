import { spawn } from 'node:child_process';

export interface RipgrepRunOptions {
  cwd: string;
  /** Byte that ends each record of stdout: `\n` for `--json`, `\0` for `--files --null`. */
  separator: number;
  /** Called per record; return `false` to stop ripgrep early (the process is killed). */
  onRecord(record: string): boolean;
  signal?: AbortSignal;
  /** Stops ripgrep and rejects after this long (e.g. it blocks opening a named pipe). */
  deadlineMs?: number;
  /** The heap ripgrep may grow to, in KiB (default 2 GiB); not applied on Windows. */
  memoryLimitKib?: number;
}

/**
 * A repository's ignore file may be a link to `/dev/zero`, which ripgrep reads without end: it
 * runs under a cap on its heap (`RLIMIT_DATA`, which leaves the files it maps alone), so such a
 * file ends its run with an error instead of taking the machine's memory.
 */
const DEFAULT_MEMORY_LIMIT_KIB = 2 * 1024 * 1024;

function launch(rgPath: string, args: readonly string[], options: RipgrepRunOptions): { file: string; args: string[] } {
  if (process.platform === 'win32') return { file: rgPath, args: [...args] };
  const limit = Math.max(1, Math.round(options.memoryLimitKib ?? DEFAULT_MEMORY_LIMIT_KIB));
  return { file: '/bin/sh', args: ['-c', `ulimit -d ${limit} && exec "$0" "$@"`, rgPath, ...args] };
}

export interface RipgrepRunResult {
  /** `null` when the process was stopped early. */
  exitCode: number | null;
  stderr: string;
}

/** Runs ripgrep and feeds its output record by record; rejects when it cannot start or on abort. */
export function runRipgrep(rgPath: string, args: readonly string[], options: RipgrepRunOptions): Promise<RipgrepRunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const started = launch(rgPath, args, options);
    const child = spawn(started.file, started.args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let pending: Buffer = Buffer.alloc(0);
    let stopped = false;
    const stderr: Buffer[] = [];
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      child.stdout.destroy();
      child.kill();
    };
    const onAbort = (): void => {
      stop();
      reject(options.signal?.reason);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = options.deadlineMs === undefined ? undefined : setTimeout(() => {
      stop();
      reject(new Error(`The search took longer than ${Math.round((options.deadlineMs ?? 0) / 1000)} s and was stopped (a special file such as a named pipe may have blocked it). Search a smaller folder with path.`));
    }, options.deadlineMs);
    const settle = (): void => {
      options.signal?.removeEventListener('abort', onAbort);
      clearTimeout(deadline);
    };

    const deliver = (record: Buffer): void => {
      if (!stopped && !options.onRecord(record.toString('utf8'))) stop();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let start = 0;
      for (let end = pending.indexOf(options.separator); end !== -1 && !stopped; end = pending.indexOf(options.separator, start)) {
        deliver(pending.subarray(start, end));
        start = end + 1;
      }
      pending = pending.subarray(start);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      settle();
      reject(new Error(`ripgrep could not be started (${rgPath}): ${error.message}`));
    });
    child.on('close', (code) => {
      settle();
      if (!stopped && pending.length > 0) deliver(pending);
      resolve({ exitCode: stopped ? null : code, stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}
