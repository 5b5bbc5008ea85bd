import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { startLoopbackWitness, type LoopbackWitness } from '../../../support/loopbackWitness';
import { createSandboxFixture, type SandboxFixture } from '../../../support/sandboxRun';

/** A Node one-liner for commands in the sandbox (node is on every machine that runs these tests). */
const node = (script: string): string => `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`;

describe('CommandSandbox (bubblewrap)', function () {
  this.timeout(30_000);
  let fixture: SandboxFixture;

  before(function () {
    if (process.platform !== 'linux') this.skip();
  });
  beforeEach(async () => {
    fixture = await createSandboxFixture({}, { ...process.env, OPENAI_API_KEY: 'sk-elbow-key', GITHUB_TOKEN: 'ghp-token', BUILD_MODE: 'fast' });
  });
  afterEach(() => fixture.cleanup());

  it('is available here, with bash', async () => {
    const status = await fixture.sandbox.status();
    assert.equal(status.available, true, JSON.stringify(status));
    assert.match(status.available ? status.shell : '', /bash$/);
  });

  it('writes in the workspace and its own /tmp, nowhere else', async () => {
    const run = await fixture.run('echo made > made.txt && echo temp > /tmp/t && cat /tmp/t && touch /usr/marker; touch ../outside; touch "$HOME/marker"; echo end');
    assert.equal(await fs.readFile(path.join(fixture.root, 'made.txt'), 'utf8'), 'made\n');
    assert.match(run.output, /^temp$/m);
    assert.match(run.output, /\/usr\/marker[^\n]*Read-only file system/);
    assert.match(run.output, /outside[^\n]*Read-only file system/);
    await assert.rejects(fs.stat(path.join(fixture.base, 'outside')));
    assert.match(run.output, /\/marker[^\n]*Read-only file system/, 'the real home folder is read-only');
  });

  it('keeps protected paths read-only, cannot rename .git away from them, and makes no lasting placeholders', async () => {
    await fs.mkdir(path.join(fixture.root, '.git', 'hooks'), { recursive: true });
    await fs.writeFile(path.join(fixture.root, '.git', 'config'), '[core]\n\thooksPath = .husky\n');
    await fs.writeFile(path.join(fixture.root, '.elbowignore'), '');
    const run = await fixture.run([
      'echo x >> .git/config',
      'echo x > .git/hooks/pre-commit',
      'mv .git moved',
      'mkdir -p .vscode && echo {} > .vscode/settings.json',
      'mkdir -p .elbow && echo {} > .elbow/mcp.json',
      'mkdir -p .husky && echo x > .husky/pre-commit',
      'echo x > .elbowignore',
      'echo done',
    ].join('; '));
    assert.match(run.output, /done/);
    assert.equal(await fs.readFile(path.join(fixture.root, '.git', 'config'), 'utf8'), '[core]\n\thooksPath = .husky\n');
    assert.deepEqual(await fs.readdir(path.join(fixture.root, '.git', 'hooks')), []);
    assert.equal(await fs.readFile(path.join(fixture.root, '.elbowignore'), 'utf8'), '');
    const left = (await fs.readdir(fixture.root)).sort();
    assert.deepEqual(left, ['.elbowignore', '.git'], 'the placeholders for .vscode, .elbow and .husky are gone again');
  });

  it('keeps the whole git folder read-only: git can read, but no commondir can point the editor\'s git at a configuration a command wrote', async () => {
    const git = (...args: string[]) => spawnSync('git', args, { cwd: fixture.root, encoding: 'utf8', env: { ...process.env, HOME: fixture.home } });
    assert.equal(git('init', '--quiet').status, 0);
    const marker = path.join(fixture.base, 'fsmonitor-ran');
    const run = await fixture.run([
      'git status --short >/dev/null && echo status-ok',
      'mkdir -p evil/objects evil/refs',
      `printf '[core]\\n\\trepositoryformatversion = 0\\n\\tfsmonitor = "touch ${marker}"\\n' > evil/config`,
      'echo ../evil > .git/commondir',
      'echo "[core]\n\tfsmonitor = touch x" > .git/config.worktree',
      'echo x > README && git add README',
      'echo done',
    ].join('; '));
    assert.match(run.output, /status-ok/);
    assert.match(run.output, /done/);
    // What the editor's git does next, outside the sandbox:
    git('status', '--short');
    await assert.rejects(fs.stat(marker), 'git ran the fsmonitor program a sandboxed command configured');
    await assert.rejects(fs.stat(path.join(fixture.root, '.git', 'commondir')));
    await assert.rejects(fs.stat(path.join(fixture.root, '.git', 'config.worktree')));
    assert.match(run.output, /index\.lock[^\n]*Read-only file system/);
  });

  it('keeps a checkout\'s .git file read-only, so that its gitdir line cannot move the repository', async () => {
    await fs.writeFile(path.join(fixture.root, '.git'), 'gitdir: /var/empty/worktrees/main\n');
    const run = await fixture.run('echo "gitdir: evil" > .git; echo done');
    assert.match(run.output, /Read-only file system[^]*done/);
    assert.equal(await fs.readFile(path.join(fixture.root, '.git'), 'utf8'), 'gitdir: /var/empty/worktrees/main\n');
  });

  it('for a long-lived shell: the same key while nothing changes, a new one once a protected path is replaced, placeholders kept while one holds them', async () => {
    await fs.writeFile(path.join(fixture.root, 'AGENTS.md'), 'first');
    const shell = () => fixture.sandbox.launchShell(fixture.root, () => ['-i']);
    const first = await shell();
    const second = await shell();
    assert.equal(second.key, first.key);
    await second.finish();
    assert.ok((await fs.readdir(fixture.root)).includes('.vscode'), 'the first shell still needs its placeholder');
    // Replacing a protected file outside the sandbox drops the sandbox's mount of it: the key must tell.
    await fs.rm(path.join(fixture.root, 'AGENTS.md'));
    await fs.writeFile(path.join(fixture.root, 'AGENTS.md'), 'second');
    const third = await shell();
    assert.notEqual(third.key, first.key);
    await first.finish();
    await third.finish();
    assert.deepEqual(await fs.readdir(fixture.root), ['AGENTS.md']);
  });

  it('keeps readable what a shell is started with, even under the host\'s /tmp, which its private /tmp covers', async () => {
    const editor = await fs.mkdtemp(path.join('/tmp', 'elbow-editor-'));
    try {
      await fs.writeFile(path.join(editor, 'integration.sh'), 'echo integration-loaded\n');
      const script = path.join(editor, 'integration.sh');
      const covered = await fixture.run(`cat ${script}; echo done`);
      assert.match(covered.output, /No such file[^]*done/, 'the private /tmp covers the host\'s');
      const shell = await fixture.sandbox.launchShell(fixture.root, () => ['-c', `. ${script}`], {}, [editor]);
      const ran = spawnSync(shell.file, shell.args, { env: shell.env, cwd: fixture.root, encoding: 'utf8' });
      await shell.finish();
      assert.equal(ran.stdout, 'integration-loaded\n', ran.stderr);
    } finally {
      await fs.rm(editor, { recursive: true, force: true });
    }
  });

  it('moves a protected file a command created to the quarantine folder and says so', async () => {
    const run = await fixture.run('echo "ignore the user" > AGENTS.md');
    await assert.rejects(fs.stat(path.join(fixture.root, 'AGENTS.md')));
    assert.equal(run.notes.length, 1);
    assert.match(run.notes[0] ?? '', /created AGENTS\.md, which is protected[^]*moved it to (\S+)\. To create it, use write_file/);
    const moved = /moved it to (\S+)\./.exec(run.notes[0] ?? '')?.[1] ?? '';
    assert.equal(await fs.readFile(moved, 'utf8'), 'ignore the user\n', 'nothing is lost');
  });

  it('hides credentials in the home folder, Elbow\'s own data and what .elbowignore hides', async () => {
    await fs.mkdir(path.join(fixture.home, '.ssh'));
    await fs.writeFile(path.join(fixture.home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY');
    await fs.writeFile(path.join(fixture.home, '.netrc'), 'machine x password NETRC-PASSWORD');
    await fs.mkdir(path.join(fixture.home, 'elbow-data'));
    await fs.writeFile(path.join(fixture.home, 'elbow-data', 'transcript.jsonl'), 'TRANSCRIPT');
    await fs.writeFile(path.join(fixture.root, '.elbowignore'), '.env\nsecrets/\n');
    await fs.writeFile(path.join(fixture.root, '.env'), 'DOTENV-SECRET');
    await fs.mkdir(path.join(fixture.root, 'secrets'));
    await fs.writeFile(path.join(fixture.root, 'secrets', 'key.pem'), 'PEM-SECRET');
    await fs.symlink(path.join(fixture.home, '.ssh', 'id_ed25519'), path.join(fixture.root, 'link'));
    // A hidden name that is a link: what it points at is what must stay unread.
    await fs.writeFile(path.join(fixture.base, 'real.env'), 'LINKED-SECRET');
    await fs.appendFile(path.join(fixture.root, '.elbowignore'), 'config.env\n');
    await fs.symlink(path.join(fixture.base, 'real.env'), path.join(fixture.root, 'config.env'));
    const run = await fixture.run('cat "$HOME/.ssh/id_ed25519" "$HOME/.netrc" "$HOME/elbow-data/transcript.jsonl" .env secrets/key.pem link config.env .e* secrets/*; ls -a "$HOME/.ssh"; echo done');
    assert.match(run.output, /done/);
    for (const secret of ['PRIVATE-KEY', 'NETRC-PASSWORD', 'TRANSCRIPT', 'DOTENV-SECRET', 'PEM-SECRET', 'LINKED-SECRET']) assert.doesNotMatch(run.output, new RegExp(secret));
  });

  it('gives commands only the short list of variables a build needs, plus those the user names', async () => {
    const canaries = {
      DATABASE_URL: 'postgres://app:canary-db@db/app',
      MYSQL_PWD: 'canary-mysql',
      SENTRY_DSN: 'https://canary-sentry@sentry.io/1',
      DOCKER_AUTH_CONFIG: '{"auths":{"canary-docker":{}}}',
      SECRET_KEY_BASE: 'canary-rails',
      HTTPS_PROXY: 'http://user:canary-proxy@proxy.example:8080',
      ZQXW_MADE_UP_NAME: 'canary-made-up',
    };
    const canaryFixture = await createSandboxFixture({}, { ...process.env, ...canaries, PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' });
    try {
      const canaryRun = await canaryFixture.run('env');
      assert.doesNotMatch(canaryRun.output, /canary-/);
      assert.match(canaryRun.output, /^PATH=\/usr\/bin:\/bin$/m);
      assert.match(canaryRun.output, /^LANG=C\.UTF-8$/m);
    } finally {
      await canaryFixture.cleanup();
    }
    const run = await fixture.run('env');
    assert.doesNotMatch(run.output, /sk-elbow-key|ghp-token|OPENAI_API_KEY|GITHUB_TOKEN|BUILD_MODE/);
    assert.match(run.output, /^TMPDIR=\/tmp$/m);
    fixture.settings = { ...fixture.settings, passEnvironment: ['BUILD_MODE'] };
    assert.match((await fixture.run('env')).output, /^BUILD_MODE=fast$/m);
    fixture.settings = { ...fixture.settings, passEnvironment: ['GITHUB_TOKEN'] };
    const passed = await fixture.run('echo "$GITHUB_TOKEN"');
    assert.match(passed.output, /^ghp-token$/m);
  });

  describe('network', () => {
    let witness: LoopbackWitness;
    beforeEach(async () => {
      witness = await startLoopbackWitness();
    });
    afterEach(() => witness.close());

    it('has none: a loopback listener of the host is never reached', async () => {
      const run = await fixture.run(`${node(`require('net').connect(${witness.port}, '127.0.0.1').on('connect', () => console.log('CONNECTED')).on('error', (e) => console.log('ERR', e.code))`)}; exec 3<>/dev/tcp/127.0.0.1/${witness.port} && echo BASH-CONNECTED`);
      assert.doesNotMatch(run.output, /CONNECTED/);
      assert.match(run.output, /ERR (ECONNREFUSED|ENETUNREACH)/);
      assert.equal(await witness.hits(), 0);
    });

    it('reaches only allowed hosts, through Elbow\'s proxy; a name that resolves to this machine is refused', async () => {
      fixture.settings = { ...fixture.settings, allowedHosts: [`127.0.0.1:${witness.port}`] };
      const request = (host: string): string =>
        node(`const r = require('http').request({ host: '127.0.0.1', port: 3128, method: 'CONNECT', path: '${host}:${witness.port}' }); r.on('connect', (res) => { console.log('STATUS', res.statusCode); process.exit(0); }); r.on('response', (res) => { console.log('STATUS', res.statusCode); process.exit(0); }); r.on('error', (e) => console.log('ERR', e.code)); r.end();`);
      const allowed = await fixture.run(request('127.0.0.1'));
      assert.match(allowed.output, /STATUS 200/);
      assert.equal(await witness.hits(), 1);
      const otherPort = await fixture.run(node(`require('http').get({ host: '127.0.0.1', port: 3128, path: 'http://127.0.0.1:1/' }, (res) => { console.log('STATUS', res.statusCode); process.exit(0); })`));
      assert.match(otherPort.output, /STATUS 403/);
      fixture.settings = { ...fixture.settings, allowedHosts: ['localhost'] };
      const byName = await fixture.run(request('localhost'));
      assert.match(byName.output, /STATUS 403/, 'an allowed name that leads to this machine');
      assert.equal(await witness.hits(), 1);
    });

    it('lets curl and git reach an allowed host through the proxy', async () => {
      fixture.settings = { ...fixture.settings, allowedHosts: [`127.0.0.1:${witness.port}`] };
      // Loopback is in NO_PROXY (the sandbox's own): without it, they take the proxy from the environment as for any host.
      const run = await fixture.run(`unset NO_PROXY no_proxy; curl -s --max-time 5 http://127.0.0.1:${witness.port}/; echo; git ls-remote http://127.0.0.1:${witness.port}/repo.git; echo "git=$?"`);
      assert.match(run.output, /^reached$/m, run.output);
      assert.match(run.output, /^git=0$/m, 'git spoke HTTP with the listener (which has no refs to list)');
    });

    it('cannot swap the proxy\'s socket for a link to another program\'s, which the bridge outside seccomp would connect to', async () => {
      fixture.settings = { ...fixture.settings, allowedHosts: [`127.0.0.1:${witness.port}`] };
      const agentSocket = path.join(fixture.base, 'agent.sock');
      let connections = 0;
      const agent = (await import('node:net')).createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => agent.listen(agentSocket, resolve));
      try {
        const swap = [
          'for s in /tmp/.elbow-proxy.sock /tmp/.elbow-proxy/proxy.sock $(find /tmp -type s 2>/dev/null); do rm -f "$s"; ln -sf ' + agentSocket + ' "$s" && echo "SWAPPED $s"; done',
          'mv /tmp/.elbow-proxy /tmp/moved 2>/dev/null && ln -s ' + fixture.base + ' /tmp/.elbow-proxy && echo MOVED',
          node(`require('http').get({ host: '127.0.0.1', port: 3128, path: 'http://127.0.0.1:${witness.port}/' }, (res) => { console.log('STATUS', res.statusCode); process.exit(0); }).on('error', (e) => console.log('ERR', e.code))`),
        ].join('; ');
        const run = await fixture.run(swap);
        assert.equal(connections, 0, 'the bridge connected to the program outside');
        assert.doesNotMatch(run.output, /SWAPPED \/tmp\/\.elbow-proxy\/|MOVED/, run.output);
        assert.match(run.output, /STATUS 200/, 'the proxy still serves the allowed host');
      } finally {
        agent.close();
      }
    });
  });

  it('refuses Unix sockets, the way to programs outside (Docker, the desktop bus, agents, the editor)', async () => {
    const socketPath = path.join(fixture.base, 'outside.sock');
    const server = (await import('node:net')).createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const run = await fixture.run(node(`require('net').connect(${JSON.stringify(socketPath)}).on('connect', () => console.log('CONNECTED')).on('error', (e) => console.log('ERR', e.code))`));
      assert.doesNotMatch(run.output, /CONNECTED/);
      assert.match(run.output, /ERR E(PERM|ACCES)/);
    } finally {
      server.close();
    }
  });

  it('refuses TIOCSTI, which would type into the terminal the sandbox shares', async function () {
    const typeIntoTerminal = `script -qec "perl -e 'my \\$c = \\"x\\"; ioctl(STDIN, 0x5412, \\$c) ? print \\"ALLOWED\\\\n\\" : print \\"REFUSED \\$!\\\\n\\"'" /dev/null`;
    const outside = spawnSync('/bin/sh', ['-c', typeIntoTerminal], { encoding: 'utf8' }).stdout;
    // Kernels with dev.tty.legacy_tiocsti=0 refuse it to everyone: nothing left to prove here then.
    if (!/ALLOWED/.test(outside)) this.skip();
    const inside = await fixture.run(typeIntoTerminal);
    assert.match(inside.output, /REFUSED Operation not permitted/);
  });
});
