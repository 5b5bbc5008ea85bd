import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ProviderName } from '../../src/core/llm/providers/createProvider';
import { startFakeLlmServer, type FakeLlmServer } from './fakeLlmServer';
import { runNodeScript, type ScriptRun } from './nodeScriptRun';

export type { ProviderName };

const repositoryRoot = path.resolve(__dirname, '../..');
export const cliPath = path.join(repositoryRoot, 'dist', 'cli.js');

let built = false;

/** Bundles dist/cli.js once per test run, so the tests never exercise a stale build. */
export function buildCliOnce(): void {
  if (built) return;
  execFileSync(process.execPath, ['esbuild.js'], { cwd: repositoryRoot, stdio: 'inherit' });
  built = true;
}


/** The environment a user would set to point elbow at `server`, free of the caller's own keys. */
export function elbowEnvironment(server: Pick<FakeLlmServer, 'apiKey' | 'openaiBaseUrl' | 'anthropicBaseUrl'>, provider: ProviderName): NodeJS.ProcessEnv {
  // No MCP servers of the machine's user (~/.elbow/mcp.json) join the tests.
  // Nor are the tests' sessions saved among the user's.
  const env: NodeJS.ProcessEnv = { ELBOW_CONFIG_DIR: path.join(os.tmpdir(), 'elbow-tests-without-user-config'), ELBOW_DATA_DIR: path.join(os.tmpdir(), 'elbow-tests-data') };
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(OPENAI_|ANTHROPIC_|AZURE_OPENAI_|ELBOW_)/.test(key)) env[key] = value;
  }
  if (provider === 'openai') {
    return { ...env, OPENAI_API_KEY: server.apiKey, OPENAI_API_BASE: server.openaiBaseUrl, OPENAI_MODEL: 'deepseek-chat' };
  }
  return { ...env, ELBOW_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: server.apiKey, ANTHROPIC_BASE_URL: server.anthropicBaseUrl, ANTHROPIC_MODEL: 'claude-sonnet-4-6' };
}

/** How `elbow` ended, and what it printed. */
export type CliRun = ScriptRun;

/** Runs `elbow <args>` as a user would, with optional piped stdin. */
export function runElbow(args: readonly string[], env: NodeJS.ProcessEnv, stdin = '', program = cliPath): Promise<CliRun> {
  return runNodeScript(program, args, { env, stdin });
}

export interface CliFixture {
  readonly server: FakeLlmServer;
  /** A fresh, empty workspace folder for each test (its real path). */
  readonly cwd: string;
}

/** Registers mocha hooks: the CLI built once, and a fake server and an empty workspace per test. */
export function useCliFixture(): CliFixture {
  const fixture = {} as { server: FakeLlmServer; cwd: string };
  before(buildCliOnce);
  beforeEach(async () => {
    fixture.server = await startFakeLlmServer();
    fixture.cwd = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-cli-')));
  });
  afterEach(async () => {
    await fixture.server.close();
    await fs.rm(fixture.cwd, { recursive: true, force: true });
  });
  return fixture;
}
