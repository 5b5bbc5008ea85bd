import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { elbowEnvironment, runElbow, useCliFixture } from '../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startOAuthTestServers, type OAuthTestServers } from '../../support/oauth/oauthTestServers';

describe('elbow command line: remote MCP servers behind OAuth', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let server: FakeLlmServer;
  let servers: OAuthTestServers;
  let base: string;
  let config: string;
  let opened: string;
  let environment: NodeJS.ProcessEnv;

  beforeEach(async () => {
    server = fixture.server;
    servers = await startOAuthTestServers();
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-cli-oauth-')));
    config = path.join(base, 'servers.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { remote: { url: servers.mcp.url } } }));
    // The "browser": follows the authorization URL (the user consents) and the redirect back to Elbow, and notes each URL.
    opened = path.join(base, 'opened.txt');
    const opener = path.join(base, 'opener.sh');
    await fs.writeFile(opener, `#!/bin/sh\necho "$1" >> '${opened}'\nexec '${process.execPath}' -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => process.stdout.write(t))' "$1" > '${base}/page.html'\n`, { mode: 0o755 });
    environment = { ...elbowEnvironment(server, 'openai'), ELBOW_DATA_DIR: path.join(base, 'data'), ELBOW_BROWSER_OPENER: opener };
  });
  afterEach(async () => {
    await servers.close();
    await fs.rm(base, { recursive: true, force: true });
  });

  const elbow = (...args: string[]) => runElbow([...args, '--mcp-config', config, '--cwd', fixture.cwd], environment);
  const credentials = () => path.join(base, 'data', 'credentials', 'mcp-oauth.json');
  const openedUrls = async (): Promise<string[]> => (await fs.readFile(opened, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const askWhoami = (): void => server.enqueue(
    { kind: 'reply', content: [toolCall('mcp__remote__whoami', {})] },
    { kind: 'reply', content: [text('Done.')] },
  );
  const lastToolResult = (): string => JSON.stringify(server.requests.at(-1)?.body);

  it('-p without a sign-in says which command signs in, once, and opens no browser', async () => {
    server.enqueue({ kind: 'reply', content: [text('Hello.')] });
    const run = await elbow('-p', 'hello', '--yes');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'Hello.\n');
    const lines = run.stderr.split('\n').filter((line) => line.includes('remote'));
    assert.deepEqual(lines, ['elbow: MCP server "remote": The server needs you to sign in (no sign-in yet, or it expired or was revoked). Run elbow mcp login remote, then try again.']);
    assert.deepEqual(await openedUrls(), []);
    assert.deepEqual(servers.authorization.counts, {});
    assert.equal(servers.mcp.count('mcp:401'), 1);
  });

  it('logs in through the loopback redirect, uses the tool, refreshes an expired token silently, lists, and logs out', async () => {
    const login = await runElbow(['mcp', 'login', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(login.code, 0, login.stderr);
    assert.equal(login.stdout, 'Signed in to "remote". It connected with 1 tool.\n');
    const [url] = await openedUrls();
    assert.ok(url?.startsWith(`${servers.authorization.url}/authorize?`));
    assert.ok(login.stderr.includes(`open this URL:\n${url}\n`), 'the URL is printed too');
    assert.match(new URL(url ?? '').searchParams.get('redirect_uri') ?? '', /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.match(await fs.readFile(path.join(base, 'page.html'), 'utf8'), /You can close this tab/);
    assert.equal((await fs.stat(credentials())).mode & 0o777, 0o600);

    askWhoami();
    const used = await elbow('-p', 'who am I', '--yes');
    assert.equal(used.code, 0, used.stderr);
    assert.match(lastToolResult(), /subject=test-user scope=mcp:tools mcp:read/);

    servers.authorization.grants.expireAll();
    askWhoami();
    const refreshed = await elbow('-p', 'who am I', '--yes');
    assert.equal(refreshed.code, 0, refreshed.stderr);
    assert.match(lastToolResult(), /subject=test-user/);
    assert.deepEqual({ refresh: servers.authorization.count('token:refresh_token'), authorize: servers.authorization.count('authorize'), opened: (await openedUrls()).length }, { refresh: 1, authorize: 1, opened: 1 });

    const list = await runElbow(['mcp', 'list', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^remote {2}http {2}http:\/\/127\.0\.0\.1:\d+\/mcp {2}\S+servers\.json {2}signed in \(mcp:tools mcp:read\)\n$/);

    const logout = await runElbow(['mcp', 'logout', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(logout.code, 0, logout.stderr);
    assert.match(logout.stdout, /^Signed out of "remote": The authorization server at http:\/\/127\.0\.0\.1:\d+ revoked its tokens\. Elbow's copy is deleted\.\n$/);
    assert.equal(servers.authorization.count('revoke'), 2);
    assert.deepEqual(JSON.parse(await fs.readFile(credentials(), 'utf8')), { version: 1, entries: {} });
  });

  it('logout says so when nothing was revoked', async () => {
    servers.authorization.revocation = false;
    const login = await runElbow(['mcp', 'login', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(login.code, 0, login.stderr);
    const logout = await runElbow(['mcp', 'logout', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(logout.code, 0, logout.stderr);
    assert.match(logout.stdout, /^Signed out of "remote": Nothing was revoked: the authorization server at http:\/\/127\.0\.0\.1:\d+ offers no revocation, so its tokens stay valid there until they expire \(you can end Elbow's access in your account there\)\. Elbow's copy is deleted\.\n$/);
    assert.equal(servers.authorization.count('revoke'), 0);
  });

  it('after revocation a -p run asks to log in again after one refused refresh, without looping', async () => {
    const login = await runElbow(['mcp', 'login', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(login.code, 0, login.stderr);
    servers.authorization.grants.revokeAll();
    const before = servers.mcp.count('mcp:401');
    server.enqueue({ kind: 'reply', content: [text('Without it.')] });
    const run = await elbow('-p', 'hello', '--yes');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /MCP server "remote": The server needs you to sign in .* Run elbow mcp login remote, then try again\.\n/);
    assert.deepEqual({ refresh: servers.authorization.count('token:refresh_token'), refused: servers.mcp.count('mcp:401') - before, authorize: servers.authorization.count('authorize') }, { refresh: 1, refused: 1, authorize: 1 });
  });

  it('a repository\'s file naming the user\'s server (same name and URL) runs without the user\'s sign-in', async () => {
    const userFolder = path.join(base, 'config');
    await fs.mkdir(userFolder);
    await fs.writeFile(path.join(userFolder, 'mcp.json'), JSON.stringify({ mcpServers: { remote: { url: servers.mcp.url } } }));
    const mine = { ...environment, ELBOW_CONFIG_DIR: userFolder };
    const login = await runElbow(['mcp', 'login', 'remote', '--cwd', fixture.cwd], mine);
    assert.equal(login.code, 0, login.stderr);
    await fs.mkdir(path.join(fixture.cwd, '.elbow'));
    await fs.writeFile(path.join(fixture.cwd, '.elbow', 'mcp.json'), JSON.stringify({ mcpServers: { remote: { url: servers.mcp.url, alwaysAllow: ['whoami'] } } }));
    const tokensSent = servers.mcp.authorizations.length;

    askWhoami();
    const run = await runElbow(['-p', 'who am I', '--trust-workspace', '--cwd', fixture.cwd], mine);
    assert.match(run.stderr, /MCP server "remote": The server needs you to sign in/);
    assert.equal(servers.mcp.count('tool:whoami'), 0, 'the tool did not run');
    assert.equal(servers.mcp.authorizations.length, tokensSent, 'the user\'s token went nowhere');
    const list = await runElbow(['mcp', 'list', '--trust-workspace', '--cwd', fixture.cwd], mine);
    assert.match(list.stdout, /^remote {2}http {2}\S+ {2}\.elbow\/mcp\.json {2}not signed in\n$/m);
  });

  it('a declined login fails with the reason and saves nothing', async () => {
    servers.authorization.deny = true;
    const login = await runElbow(['mcp', 'login', 'remote', '--mcp-config', config, '--cwd', fixture.cwd], environment);
    assert.equal(login.code, 1);
    assert.match(login.stderr, /elbow: Sign-in to "remote" was declined \(The user denied access\.\); nothing was saved\.\n/);
    assert.doesNotMatch(await fs.readFile(credentials(), 'utf8').catch(() => ''), /access_token/);
  });
});
