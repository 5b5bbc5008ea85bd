import { spawn } from 'node:child_process';

/** How a Node program the tests started ended, and what it printed. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ScriptRunOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the program's stdin, which then closes; without it stdin is not connected. */
  stdin?: string;
  /** Killed with SIGKILL if it has not ended by then (a busy event loop may not take a gentler signal). */
  killAfterMs?: number;
}

/** Runs `node <script> <args>` as a user or a CI runner would start it, and collects its output. */
export function runNodeScript(script: string, args: readonly string[], options: ScriptRunOptions): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: options.env,
      cwd: options.cwd,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(options.killAfterMs === undefined ? {} : { timeout: options.killAfterMs, killSignal: 'SIGKILL' as const }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
