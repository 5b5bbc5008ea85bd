/** Running the real CLI against a replay server: one server and one empty workspace per test. */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCliOnce, elbowEnvironment, runElbow, type CliRun } from '../elbowCli';
import { providerProfiles } from './providerProfiles';
import { startReplayServer, type ReplayProvider, type ReplayServer } from './replayServer';

export interface ReplayCli {
  readonly server: ReplayServer;
  /** A fresh workspace folder (its real path). */
  readonly cwd: string;
  /**
   * `elbow <args> --cwd <workspace>` pointed at the server the way a user points Elbow at the
   * provider: `--provider openai --base-url <server>/v1 --model <model>`, the Anthropic base URL, or for
   * Azure `--provider azure --base-url <server>` (the model is the deployment).
   */
  run(args: readonly string[], model: string, stdin?: string): Promise<CliRun>;
}

/** Registers mocha hooks: the CLI built once, a replay server for `provider` and a workspace per test. */
export function useReplayCli(provider: ReplayProvider): ReplayCli {
  const { api, endpoint } = providerProfiles[provider];
  const state = {} as { server: ReplayServer; cwd: string };
  before(buildCliOnce);
  beforeEach(async () => {
    state.server = await startReplayServer({ provider });
    state.cwd = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `elbow-replay-${provider}-`)));
  });
  afterEach(async () => {
    await state.server.close();
    await fs.rm(state.cwd, { recursive: true, force: true });
  });
  return {
    get server() {
      return state.server;
    },
    get cwd() {
      return state.cwd;
    },
    run(args, model, stdin = '') {
      if (provider === 'azure') {
        // The resource endpoint, the model naming the deployment, the key in Azure's variable.
        const env = { ...elbowEnvironment(state.server, 'openai'), AZURE_OPENAI_API_KEY: state.server.apiKey };
        return runElbow([...args, '--provider', 'azure', '--base-url', state.server.url, '--model', model, '--cwd', state.cwd], env, stdin);
      }
      const target = api === 'openai'
        ? ['--provider', 'openai', '--base-url', endpoint ?? state.server.openaiBaseUrl]
        : ['--provider', 'anthropic'];
      const env = elbowEnvironment(state.server, api);
      return runElbow([...args, ...target, '--model', model, '--cwd', state.cwd], endpoint ? { ...env, ...redirection(endpoint, state.server) } : env, stdin);
    },
  };
}

/** The environment that sends the CLI's requests for `endpoint`'s origin to the replay server. */
function redirection(endpoint: string, server: ReplayServer): NodeJS.ProcessEnv {
  const preload = path.join(__dirname, 'redirectFetch.cjs');
  return {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${JSON.stringify(preload)}`].filter(Boolean).join(' '),
    ELBOW_TEST_REDIRECT_FROM: new URL(endpoint).origin,
    ELBOW_TEST_REDIRECT_TO: server.url,
  };
}
