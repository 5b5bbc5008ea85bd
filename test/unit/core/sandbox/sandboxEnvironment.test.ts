import assert from 'node:assert/strict';
import { sandboxEnvironment } from '../../../../src/core/sandbox/sandboxEnvironment';

describe('sandboxEnvironment', () => {
  it('keeps only the short list a build needs: secrets under names no list knows stay out', () => {
    const { environment, removed } = sandboxEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      GIT_AUTHOR_NAME: 'Me',
      JAVA_HOME: '/usr/lib/jvm/default',
      OPENAI_API_KEY: 'sk',
      GITHUB_TOKEN: 't',
      DATABASE_URL: 'postgres://user:secret@db/app',
      MYSQL_PWD: 'p',
      SENTRY_DSN: 'https://key@sentry.io/1',
      DOCKER_AUTH_CONFIG: '{"auths":{}}',
      SECRET_KEY_BASE: 's',
      HTTPS_PROXY: 'http://user:pass@proxy:8080',
      NODE_ENV: 'test',
      ELBOW_CANARY_ZQX: 'made-up',
      SSH_AUTH_SOCK: '/tmp/agent',
      VSCODE_IPC_HOOK_CLI: '/tmp/vscode.sock',
      UNSET: undefined,
    });
    assert.deepEqual(Object.keys(environment).sort(), ['GIT_AUTHOR_NAME', 'HOME', 'JAVA_HOME', 'LANG', 'LC_ALL', 'PATH']);
    assert.equal(removed.length, 12);
  });

  it('passes the variables the user names', () => {
    const { environment } = sandboxEnvironment({ NPM_TOKEN: 'npm', GITHUB_TOKEN: 'gh', NODE_ENV: 'test' }, ['NPM_TOKEN', ' NODE_ENV ']);
    assert.deepEqual(environment, { NPM_TOKEN: 'npm', NODE_ENV: 'test' });
  });
});
