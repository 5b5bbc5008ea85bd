import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');
const run = promisify(execFile);

/** Whether code-server is installed for the benchmarks that run in real VS Code; says in the log when it is not. */
export function codeServerInstalled(benchmark: string, log: (line: string) => void): boolean {
  if (fs.existsSync(path.join(root, 'tools/code-server/node_modules'))) return true;
  log(`${benchmark} benchmark skipped: code-server is not installed (bash scripts/setup-vscode-tools.sh).`);
  return false;
}

/** Builds dist/; `ELBOW_WALK=1` in `env` builds it instrumented. */
export async function buildDist(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await run(process.execPath, ['esbuild.js'], { cwd: root, env });
}

/** Runs one phase of the integration runner in code-server; a failure carries the runner's output. */
export async function runVscodePhase(phase: string, benchmark: string): Promise<void> {
  try {
    await run(process.execPath, ['scripts/run-vscode-tests.mjs', phase], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The ${benchmark} benchmark failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
