import assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseMcpConfig, parseMcpConfigAsWritten } from '../../../../src/core/mcp/mcpConfigParser';
import { defaultMcpTimeoutMs, problemText, type McpConfigFile } from '../../../../src/core/mcp/mcpServerConfig';

const root = path.resolve('/work/project');
const home = path.resolve('/home/ada');
const elbowFile: McpConfigFile = { path: path.join(root, '.elbow', 'mcp.json'), kind: 'workspace', display: '.elbow/mcp.json', workspaceFolder: root };
const vscodeFile: McpConfigFile = { path: path.join(root, '.vscode', 'mcp.json'), kind: 'vscode', display: '.vscode/mcp.json', workspaceFolder: root };
const environment = { GITHUB_TOKEN: 'ghp_secret', PORT: '8080' };
/** The names these tests' workspace files read, passed as the user would (`--pass-env`). */
const passed = ['GITHUB_TOKEN', 'PORT', 'NOT_SET'];

function parsed(config: unknown, file: McpConfigFile = elbowFile) {
  return parseMcpConfig(JSON.stringify(config), file, environment, home, passed);
}

function problemLines(config: unknown, file: McpConfigFile = elbowFile): string[] {
  return parsed(config, file).problems.map(problemText);
}

describe('parseMcpConfig', () => {
  it('reads the Elbow / Claude Desktop / Cline format, with comments and trailing commas', () => {
    const text = `{
      // servers for this project
      "mcpServers": {
        "github": {
          "command": "npx",
          "args": ["-y", "@modelcontextprotocol/server-github",],
          "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "\${env:GITHUB_TOKEN}" },
          "disabled": true,
          "timeout": 30,
          "alwaysAllow": ["get_issue"],
          "disabledTools": ["delete_repo"],
          "autoApprove": ["ignored: unknown fields are fine"],
        },
      },
    }`;
    const { servers, problems } = parseMcpConfig(text, elbowFile, environment, home, passed);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [{
      name: 'github',
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' },
      headers: {},
      disabled: true,
      timeoutMs: 30_000,
      alwaysAllow: ['get_issue'],
      disabledTools: ['delete_repo'],
      file: elbowFile,
      written: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' },
        headers: {},
      },
    }]);
  });

  it('reads the VS Code format, under "servers", with its "http" type', () => {
    const { servers, problems } = parsed({
      inputs: [{ type: 'promptString', id: 'unused', description: 'not referenced, so no problem' }],
      servers: {
        remote: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
        local: { type: 'stdio', command: 'node', args: ['server.js'] },
      },
    }, vscodeFile);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers.map((server) => [server.name, server.type, server.url, server.command]), [
      ['remote', 'http', 'https://api.example.com/mcp', undefined],
      ['local', 'stdio', undefined, 'node'],
    ]);
    assert.deepEqual(servers[0]?.headers, { Authorization: 'Bearer ghp_secret' });
  });

  it('accepts either key in any file, and both at once', () => {
    assert.equal(parsed({ servers: { a: { command: 'a' } } }, elbowFile).servers.length, 1);
    assert.equal(parsed({ mcpServers: { a: { command: 'a' } } }, vscodeFile).servers.length, 1);
    assert.deepEqual(parsed({ mcpServers: { a: { command: 'a' } }, servers: { a: { command: 'other' }, b: { command: 'b' } } }).servers.map((server) => [server.name, server.command]), [['a', 'a'], ['b', 'b']]);
  });

  it('fills in the defaults', () => {
    const [server] = parsed({ mcpServers: { plain: { command: 'server' } } }).servers;
    assert.deepEqual(server, {
      name: 'plain', type: 'stdio', command: 'server', args: [], env: {}, headers: {}, disabled: false,
      timeoutMs: defaultMcpTimeoutMs, alwaysAllow: [], disabledTools: [], file: elbowFile,
      written: { command: 'server', args: [], env: {}, headers: {} },
    });
  });

  it('infers the type: a command is stdio, a url is http (streamable HTTP, then SSE); neither is a problem', () => {
    const { servers, problems } = parsed({ mcpServers: { local: { command: 'x' }, remote: { url: 'http://localhost:3000/mcp' }, nothing: { args: ['x'] } } });
    assert.deepEqual(servers.map((server) => [server.name, server.type]), [['local', 'stdio'], ['remote', 'http']]);
    assert.deepEqual(problems.map(problemText), ['.elbow/mcp.json: mcpServers.nothing: needs a "command" (a program to start) or a "url" (a server to connect to)']);
  });

  it('takes the spellings of the type seen in the wild, and Cline\'s "transportType"', () => {
    const url = 'https://example.com/mcp';
    const { servers, problems } = parsed({
      mcpServers: {
        a: { type: 'streamable-http', url },
        b: { type: 'streamableHttp', url },
        c: { transportType: 'sse', url },
        d: { transportType: 'stdio', command: 'x' },
        e: { type: 'SSE', url },
        f: { type: 'http', url },
        g: { type: 'sse', transportType: 'stdio', url },
      },
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(servers.map((server) => server.type), ['streamableHttp', 'streamableHttp', 'sse', 'stdio', 'sse', 'http', 'sse']);
  });

  it('leaves out an invalid server, naming the file and the field, and still returns the valid one beside it', () => {
    const { servers, problems } = parsed({
      mcpServers: {
        github: { command: 'npx', args: ['-y', 42] },
        fine: { command: 'ok' },
        remote: { type: 'websocket', url: 'ws://x' },
        flags: { command: 'x', disabled: 'yes', alwaysAllow: 'all', env: ['A=1'] },
      },
    });
    assert.deepEqual(servers.map((server) => server.name), ['fine']);
    assert.deepEqual(problems.map(problemText), [
      '.elbow/mcp.json: mcpServers.github.args[1]: expected a string, not a number',
      '.elbow/mcp.json: mcpServers.remote.type: expected "stdio", "sse", "streamableHttp" or "http", not "websocket"',
      '.elbow/mcp.json: mcpServers.flags.env: expected an object like { "NAME": "value" }, not an array',
      '.elbow/mcp.json: mcpServers.flags.disabled: expected true or false, not a string',
      '.elbow/mcp.json: mcpServers.flags.alwaysAllow: expected an array of strings, not a string',
    ]);
  });

  it('requires a command for stdio and an http(s) url for the others', () => {
    assert.deepEqual(problemLines({
      servers: {
        a: { type: 'stdio', url: 'https://x' },
        b: { type: 'sse', command: 'x' },
        c: { type: 'http', url: 'ftp://example.com' },
        d: { url: 'not a url' },
        e: { command: '' },
        f: { type: 'streamableHttp' },
      },
    }, vscodeFile), [
      '.vscode/mcp.json: servers.a.command: is required for a stdio server',
      '.vscode/mcp.json: servers.b.url: is required for an SSE server',
      '.vscode/mcp.json: servers.c.url: must be an http:// or https:// URL, not "ftp://example.com"',
      '.vscode/mcp.json: servers.d.url: must be an http:// or https:// URL, not "not a url"',
      '.vscode/mcp.json: servers.e.command: must not be empty',
      '.vscode/mcp.json: servers.f.url: is required for a streamable HTTP server',
    ]);
  });

  it('takes the timeout in seconds, from 1 to 86400', () => {
    const { servers, problems } = parsed({ mcpServers: { a: { command: 'a', timeout: 1.5 }, b: { command: 'b', timeout: 86_400 }, c: { command: 'c', timeout: 0 }, d: { command: 'd', timeout: '30' }, e: { command: 'e', timeout: 86_401 } } });
    assert.deepEqual(servers.map((server) => server.timeoutMs), [1_500, 86_400_000]);
    assert.deepEqual(problems.map(problemText), [
      '.elbow/mcp.json: mcpServers.c.timeout: expected a number of seconds from 1 to 86400',
      '.elbow/mcp.json: mcpServers.d.timeout: expected a number of seconds from 1 to 86400, not a string',
      '.elbow/mcp.json: mcpServers.e.timeout: expected a number of seconds from 1 to 86400',
    ]);
  });

  it('takes numbers and booleans in env and headers as written, but not null or objects', () => {
    const { servers, problems } = parsed({ mcpServers: {
      a: { command: 'a', env: { PORT: 8080, DEBUG: true } },
      b: { url: 'https://x', headers: { 'X-Retries': 3 } },
      c: { command: 'c', env: { TOKEN: null, 'WEIRD.NAME': {} } },
    } });
    assert.deepEqual(servers.map((server) => [server.env, server.headers]), [[{ PORT: '8080', DEBUG: 'true' }, {}], [{}, { 'X-Retries': '3' }]]);
    assert.deepEqual(problems.map(problemText), [
      '.elbow/mcp.json: mcpServers.c.env.TOKEN: expected a string, not null',
      '.elbow/mcp.json: mcpServers.c.env["WEIRD.NAME"]: expected a string, not an object',
    ]);
  });

  it('substitutes variables in command, args, env, cwd, url and headers', () => {
    const { servers, problems } = parsed({ mcpServers: {
      local: { command: '${userHome}/bin/server', args: ['--root', '${workspaceFolder}', '--port=${env:PORT}'], env: { TOKEN: '${env:GITHUB_TOKEN}' }, cwd: '${workspaceFolder}/tools' },
      remote: { url: 'http://localhost:${env:PORT}/mcp', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
      literal: { command: '~/bin/server', args: ['${unknown}', '${workspaceFolderBasename}'] },
    } });
    assert.deepEqual(problems, []);
    const [local, remote, literal] = servers;
    assert.equal(local?.command, `${home}/bin/server`);
    assert.deepEqual(local?.args, ['--root', root, '--port=8080']);
    assert.deepEqual(local?.env, { TOKEN: 'ghp_secret' });
    assert.equal(local?.cwd, path.join(root, 'tools'));
    assert.equal(remote?.url, 'http://localhost:8080/mcp');
    assert.deepEqual(remote?.headers, { Authorization: 'Bearer ghp_secret' });
    assert.equal(literal?.command, '~/bin/server');
    assert.deepEqual(literal?.args, ['${unknown}', '${workspaceFolderBasename}']);
  });

  it('keeps a server with an unset environment variable, empty in its place, and names the variable and the field', () => {
    const { servers, problems } = parsed({ mcpServers: { github: { command: 'x', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:NOT_SET}' } } } });
    assert.deepEqual(servers[0]?.env, { GITHUB_PERSONAL_ACCESS_TOKEN: '' });
    assert.deepEqual(problems.map(problemText), ['.elbow/mcp.json: mcpServers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN: the environment variable NOT_SET is not set, so ${env:NOT_SET} is empty']);
  });

  it('leaves out a server that uses ${workspaceFolder} when there is none, or ${input:…}', () => {
    const userFile: McpConfigFile = { path: path.join(home, '.elbow', 'mcp.json'), kind: 'user', display: '~/.elbow/mcp.json' };
    const noFolder = parsed({ mcpServers: { a: { command: 'x', args: ['${workspaceFolder}'] }, b: { command: 'y' } } }, userFile);
    assert.deepEqual(noFolder.servers.map((server) => server.name), ['b']);
    assert.deepEqual(noFolder.problems.map(problemText), ['~/.elbow/mcp.json: mcpServers.a.args[0]: ${workspaceFolder} needs an open workspace folder; the server is left out']);

    const input = parsed({ servers: { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${input:github_token}' } } } }, vscodeFile);
    assert.deepEqual(input.servers, []);
    assert.equal(input.problems.length, 1);
    assert.equal(input.problems[0]?.field, 'servers.github.headers.Authorization');
    assert.match(input.problems[0]?.message ?? '', /Elbow cannot ask for \$\{input:github_token\}; put the value in an environment variable and write \$\{env:NAME\} instead/);
  });

  it('resolves a relative cwd against the workspace folder, or the file\'s folder without one', () => {
    assert.equal(parsed({ mcpServers: { a: { command: 'x', cwd: 'tools/mcp' } } }).servers[0]?.cwd, path.join(root, 'tools', 'mcp'));
    assert.equal(parsed({ mcpServers: { a: { command: 'x', cwd: path.resolve('/opt/server') } } }).servers[0]?.cwd, path.resolve('/opt/server'));
    const loose: McpConfigFile = { path: path.resolve('/configs/mcp.json'), kind: 'cli', display: 'mcp.json' };
    assert.equal(parsed({ mcpServers: { a: { command: 'x', cwd: 'sub' } } }, loose).servers[0]?.cwd, path.resolve('/configs/sub'));
  });

  it('says envFile is not read, but keeps the server', () => {
    const { servers, problems } = parsed({ servers: { a: { command: 'x', envFile: '${workspaceFolder}/.env' } } }, vscodeFile);
    assert.equal(servers.length, 1);
    assert.deepEqual(problems.map(problemText), ['.vscode/mcp.json: servers.a.envFile: Elbow does not read envFile; put the variables in "env" instead (with ${env:NAME} for secrets)']);
  });

  it('reports a syntax error with its line and column, and no servers', () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n';
    assert.deepEqual(parseMcpConfig(text, elbowFile, environment, home), {
      servers: [],
      problems: [{ file: '.elbow/mcp.json', message: 'invalid JSON at 4:5: comma expected' }],
    });
    assert.deepEqual(parseMcpConfig('\uFEFF{ "mcpServers": { "a": { "command": } } }', elbowFile, environment, home).problems.map(problemText), ['.elbow/mcp.json: invalid JSON at 1:37: value expected']);
  });

  it('says which key it expects when the file has neither, but is quiet about an empty file', () => {
    assert.deepEqual(problemLines({ github: { command: 'x' } }), ['.elbow/mcp.json: expected the servers under "mcpServers": { "<name>": { … } }']);
    assert.deepEqual(problemLines({ github: { command: 'x' } }, vscodeFile), ['.vscode/mcp.json: expected the servers under "servers": { "<name>": { … } }']);
    assert.deepEqual(problemLines([1, 2]), ['.elbow/mcp.json: expected an object with "mcpServers", not an array']);
    assert.deepEqual(problemLines({ mcpServers: ['github'] }), ['.elbow/mcp.json: mcpServers: expected an object with one entry per server, not an array']);
    for (const text of ['', '  \n', '// nothing yet\n', '{}']) {
      assert.deepEqual(parseMcpConfig(text, elbowFile, environment, home), { servers: [], problems: [] }, JSON.stringify(text));
    }
  });

  it('takes any non-empty server name, quoting odd ones in field paths', () => {
    const { servers, problems } = parsed({ mcpServers: { 'my.server v2': { command: 'x', args: [1] }, 'ünïcode server': { command: 'x' }, '': { command: 'x' }, 'not-an-object': 'npx server' } });
    assert.deepEqual(servers.map((server) => server.name), ['ünïcode server']);
    assert.deepEqual(problems.map(problemText), [
      '.elbow/mcp.json: mcpServers["my.server v2"].args[0]: expected a string, not a number',
      '.elbow/mcp.json: mcpServers[""]: a server needs a name that is not empty',
      '.elbow/mcp.json: mcpServers.not-an-object: expected an object with the server\'s settings, not a string',
    ]);
  });

  it('keeps what a server runs or reaches as written, beside the substituted values', () => {
    const { servers } = parsed({ mcpServers: {
      local: { command: '${userHome}/bin/server', args: ['--token=${env:GITHUB_TOKEN}'], cwd: '${workspaceFolder}/tools' },
      remote: { url: 'https://api.example.com/mcp?port=${env:PORT}', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
    } });
    assert.deepEqual(servers.map((server) => server.written), [
      { command: '${userHome}/bin/server', args: ['--token=${env:GITHUB_TOKEN}'], env: {}, cwd: '${workspaceFolder}/tools', headers: {} },
      { url: 'https://api.example.com/mcp?port=${env:PORT}', args: [], env: {}, headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
    ]);
    assert.deepEqual(servers.map((server) => server.args.concat(server.url ?? [])), [['--token=ghp_secret'], ['https://api.example.com/mcp?port=8080']]);
  });

  describe('as written (a file nobody has trusted yet)', () => {
    it('substitutes nothing', () => {
      const text = JSON.stringify({ mcpServers: {
        remote: { url: 'https://evil.example/mcp', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
        local: { command: 'node', args: ['${workspaceFolder}/server.js'], env: { KEY: '${env:GITHUB_TOKEN}' } },
      } });
      const { servers, problems } = parseMcpConfigAsWritten(text, elbowFile);
      assert.deepEqual(problems, []);
      assert.deepEqual(servers.map((server) => [server.name, server.url ?? server.command, server.headers, server.args, server.env]), [
        ['remote', 'https://evil.example/mcp', { Authorization: 'Bearer ${env:GITHUB_TOKEN}' }, [], {}],
        ['local', 'node', {}, ['${workspaceFolder}/server.js'], { KEY: '${env:GITHUB_TOKEN}' }],
      ]);
    });

    it('keeps a server whose URL only becomes one once substituted, and still reports what is wrong in the file', () => {
      const { servers, problems } = parseMcpConfigAsWritten(JSON.stringify({ mcpServers: { remote: { url: 'https://${env:HOST}/mcp' }, nothing: { args: [] } } }), elbowFile);
      assert.deepEqual(servers.map((server) => server.url), ['https://${env:HOST}/mcp']);
      assert.deepEqual(problems.map(problemText), ['.elbow/mcp.json: mcpServers.nothing: needs a "command" (a program to start) or a "url" (a server to connect to)']);
    });
  });
});

describe('parseMcpConfig: the user\'s environment in a workspace file', () => {
  const userFile: McpConfigFile = { path: path.join(home, '.elbow', 'mcp.json'), kind: 'user', display: '~/.elbow/mcp.json' };
  const headerServer = { mcpServers: { api: { url: 'http://127.0.0.1:29999/mcp', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } } } };
  const secrets = { GITHUB_TOKEN: 'ghp_secret', DATABASE_URL: 'postgres://u:pw@db', PATH: '/usr/bin' };

  for (const file of [elbowFile, vscodeFile]) {
    it(`${file.display}: a header sent to the repository's URL gets no secret, and the problem names the variable and how to pass it`, () => {
      const { servers, problems } = parseMcpConfig(JSON.stringify(headerServer), file, secrets, home);
      assert.equal(servers[0]?.headers.Authorization, 'Bearer ');
      const lines = problems.map(problemText).join('\n');
      assert.match(lines, /GITHUB_TOKEN/);
      assert.match(lines, /elbow\.sandbox\.passEnvironment|--pass-env GITHUB_TOKEN/);
    });
  }

  it('a workspace stdio server\'s env gets only names sandboxed commands get, and those the user passes', () => {
    const config = { mcpServers: { s: { command: 'node', env: { A: '${env:DATABASE_URL}', B: '${env:PATH}', C: '${env:GITHUB_TOKEN}' } } } };
    const { servers } = parseMcpConfig(JSON.stringify(config), elbowFile, secrets, home, ['GITHUB_TOKEN']);
    assert.deepEqual(servers[0]?.env, { A: '', B: '/usr/bin', C: 'ghp_secret' });
  });

  it('the user\'s own file expands every name as before', () => {
    const { servers, problems } = parseMcpConfig(JSON.stringify(headerServer), userFile, secrets, home);
    assert.deepEqual(problems, []);
    assert.equal(servers[0]?.headers.Authorization, 'Bearer ghp_secret');
  });
});
