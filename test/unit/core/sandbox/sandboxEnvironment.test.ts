import assert from 'node:assert/strict';
import { sandboxEnvironment } from '../../../../src/core/sandbox/sandboxEnvironment';

describe('sandboxEnvironment', () => {
  it('keeps the environment but Elbow\'s keys, secret-looking names and ways out of the sandbox', () => {
    const { environment, removed } = sandboxEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      GIT_AUTHOR_NAME: 'Me',
      NODE_ENV: 'test',
      OPENAI_API_KEY: 'sk',
      ANTHROPIC_API_KEY: 'sk',
      AWS_SECRET_ACCESS_KEY: 'a',
      AWS_SESSION_TOKEN: 't',
      GITHUB_TOKEN: 't',
      NPM_TOKEN: 't',
      DB_PASSWORD: 'p',
      PGPASSWORD: 'p',
      STRIPE_SECRET: 's',
      GOOGLE_APPLICATION_CREDENTIALS: '/x.json',
      SSH_AUTH_SOCK: '/tmp/agent',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      VSCODE_IPC_HOOK_CLI: '/tmp/vscode.sock',
      VSCODE_GIT_IPC_HANDLE: '/tmp/git.sock',
      ELBOW_MODELS: '{}',
      UNSET: undefined,
    });
    assert.deepEqual(Object.keys(environment).sort(), ['GIT_AUTHOR_NAME', 'HOME', 'LANG', 'NODE_ENV', 'PATH']);
    assert.equal(removed.length, 15);
  });

  it('passes the variables the user names', () => {
    const { environment } = sandboxEnvironment({ NPM_TOKEN: 'npm', GITHUB_TOKEN: 'gh' }, ['NPM_TOKEN']);
    assert.deepEqual(environment, { NPM_TOKEN: 'npm' });
  });
});
