import { spawn } from 'node:child_process';

/** The walk a user gets from `rg` with Elbow's ignore semantics, nothing more (parallel, unsorted). */
export const BASELINE_WALK = ['--hidden', '--no-require-git', '--glob', '!.git'];

export interface RawRun {
  /** Bytes of stdout read. */
  bytes: number;
  /** Occurrences of `countToken` in stdout (e.g. `"type":"match"` records, or `\n` for `--files`). */
  count: number;
  exitCode: number | null;
}

export interface RawRunOptions {
  cwd: string;
  countToken: string;
  /** Kill rg once `countToken` has been seen this many times (like `rg … | head -n N`). */
  stopAfter?: number;
}

/** Spawns rg as Elbow does (`child_process.spawn`, stdout piped) and reads all of its output. */
export function runRawRipgrep(rgPath: string, args: readonly string[], options: RawRunOptions): Promise<RawRun> {
  const token = Buffer.from(options.countToken);
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    let count = 0;
    let stopped = false;
    // The end of the previous chunk, so that a token split across chunks is counted.
    let carry: Buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (stopped) return;
      const text = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
      for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) count++;
      carry = text.subarray(Math.max(0, text.length - token.length + 1));
      if (options.stopAfter !== undefined && count >= options.stopAfter) {
        stopped = true;
        child.stdout.destroy();
        child.kill();
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ bytes, count, exitCode: stopped ? null : code }));
  });
}
