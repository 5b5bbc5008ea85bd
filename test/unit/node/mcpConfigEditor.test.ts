import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { McpConfigFile } from '../../../src/core/mcp/mcpServerConfig';
import { addMcpServer, setServerField } from '../../../src/node/mcpConfigEditor';

const elbowConfig = `{
  // project servers
  "mcpServers": {
    "github": {
      "args": ["-y", "@modelcontextprotocol/server-github@1.2.3"],
      "alwaysAllow": ["get_issue"],
      // pinned above
      "command": "npx"
    },
    /* the docs server */
    "docs": { "url": "https://docs.example.com/mcp" }
  }
}
`;

describe('mcpConfigEditor', () => {
  let base: string;
  let configPath: string;
  let file: McpConfigFile;
  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-mcp-edit-'));
    configPath = path.join(base, 'mcp.json');
    file = { path: configPath, kind: 'workspace', display: '.elbow/mcp.json', workspaceFolder: base };
  });
  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  const read = () => fs.readFile(configPath, 'utf8');

  describe('setServerField', () => {
    it('disables a server, keeping comments and the rest of the file as written', async () => {
      await fs.writeFile(configPath, elbowConfig);
      await setServerField(file, 'github', 'disabled', true);
      assert.equal(await read(), elbowConfig.replace('"command": "npx"\n', '"command": "npx",\n      "disabled": true\n'));
      await setServerField(file, 'github', 'disabled', false);
      assert.equal(await read(), elbowConfig);
      await setServerField(file, 'github', 'disabled', false);
      assert.equal(await read(), elbowConfig);
      assert.deepEqual(await fs.readdir(base), ['mcp.json']);
    });

    it('replaces or adds a list of tools', async () => {
      await fs.writeFile(configPath, elbowConfig);
      await setServerField(file, 'github', 'alwaysAllow', ['get_issue', 'list_issues']);
      await setServerField(file, 'github', 'disabledTools', ['delete_repo']);
      const text = await read();
      assert.match(text, /"alwaysAllow": \[\s*"get_issue",\s*"list_issues"\s*\]/);
      assert.match(text, /"disabledTools": \[\s*"delete_repo"\s*\]/);
      assert.match(text, /\/\/ project servers[\s\S]*\/\/ pinned above[\s\S]*\/\* the docs server \*\//);
    });

    it('finds the server under "servers" and indents as the file does', async () => {
      await fs.writeFile(configPath, '{\n\t"servers": {\n\t\t"docs": {\n\t\t\t"type": "http",\n\t\t\t"url": "https://x"\n\t\t}\n\t}\n}\n');
      await setServerField({ ...file, kind: 'vscode' }, 'docs', 'disabledTools', ['search']);
      assert.equal(await read(), '{\n\t"servers": {\n\t\t"docs": {\n\t\t\t"type": "http",\n\t\t\t"url": "https://x",\n\t\t\t"disabledTools": [\n\t\t\t\t"search"\n\t\t\t]\n\t\t}\n\t}\n}\n');

      await fs.writeFile(configPath, '{\r\n    "mcpServers": {\r\n        "a": {\r\n            "command": "x"\r\n        }\r\n    }\r\n}\r\n');
      await setServerField(file, 'a', 'disabled', true);
      assert.equal(await read(), '{\r\n    "mcpServers": {\r\n        "a": {\r\n            "command": "x",\r\n            "disabled": true\r\n        }\r\n    }\r\n}\r\n');
    });

    it('says clearly when the file or the server is not there, the file is broken, or the value does not fit', async () => {
      await assert.rejects(setServerField(file, 'github', 'disabled', true), { message: 'Cannot change the MCP server "github": .elbow/mcp.json does not exist.' });
      await fs.writeFile(configPath, elbowConfig);
      await assert.rejects(setServerField(file, 'gitlab', 'disabled', true), { message: 'Cannot change the MCP server "gitlab": .elbow/mcp.json has no server of that name.' });
      await assert.rejects(setServerField(file, 'github', 'disabled', ['x']), { message: 'Cannot set disabled of the MCP server "github": expected true or false.' });
      await assert.rejects(setServerField(file, 'github', 'alwaysAllow', true), { message: 'Cannot set alwaysAllow of the MCP server "github": expected a list of tool names.' });
      await fs.writeFile(configPath, '{ "mcpServers": { "github": { "command": "x" } }');
      await assert.rejects(setServerField(file, 'github', 'disabled', true), { message: 'Cannot change .elbow/mcp.json: invalid JSON at 1:49: close brace expected. Fix the file first.' });
      assert.equal(await read(), '{ "mcpServers": { "github": { "command": "x" } }');
    });

    it('keeps the file\'s permissions and a link to it', async function () {
      if (process.platform === 'win32') this.skip();
      const real = path.join(base, 'dotfiles', 'mcp.json');
      await fs.mkdir(path.dirname(real));
      await fs.writeFile(real, elbowConfig, { mode: 0o600 });
      await fs.symlink(real, configPath);
      await setServerField(file, 'docs', 'disabled', true);
      assert.ok((await fs.lstat(configPath)).isSymbolicLink());
      assert.match(await fs.readFile(real, 'utf8'), /"disabled": true/);
      assert.equal((await fs.stat(real)).mode & 0o777, 0o600);
    });

    it('applies quick successive edits one after the other', async () => {
      await fs.writeFile(configPath, elbowConfig);
      await Promise.all([
        setServerField(file, 'github', 'disabled', true),
        setServerField(file, 'docs', 'disabled', true),
        setServerField(file, 'docs', 'alwaysAllow', ['search']),
      ]);
      const text = await read();
      assert.equal(text.match(/"disabled": true/g)?.length, 2);
      assert.match(text, /"alwaysAllow": \[\s*"search"\s*\]/);
    });
  });

  describe('addMcpServer', () => {
    it('creates the file and its folders with the key the kind of file uses', async () => {
      const elbowPath = path.join(base, 'project', '.elbow', 'mcp.json');
      await addMcpServer(elbowPath, 'workspace', 'github', { command: 'npx', args: ['-y', 'server-github'] });
      assert.equal(await fs.readFile(elbowPath, 'utf8'), '{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n      "args": [\n        "-y",\n        "server-github"\n      ]\n    }\n  }\n}\n');
      const vscodePath = path.join(base, 'project', '.vscode', 'mcp.json');
      await addMcpServer(vscodePath, 'vscode', 'docs', { type: 'http', url: 'https://x' });
      assert.deepEqual(JSON.parse(await fs.readFile(vscodePath, 'utf8')), { servers: { docs: { type: 'http', url: 'https://x' } } });
    });

    it('adds to an existing file under the key it already uses, keeping its comments', async () => {
      await fs.writeFile(configPath, elbowConfig);
      await addMcpServer(configPath, 'vscode', 'search', { url: 'https://search.example.com/mcp' });
      const text = await read();
      assert.match(text, /"search": \{\s*"url": "https:\/\/search.example.com\/mcp"\s*\}/);
      assert.doesNotMatch(text, /"servers"/);
      assert.match(text, /\/\/ project servers[\s\S]*\/\/ pinned above[\s\S]*\/\* the docs server \*\//);

      await fs.writeFile(configPath, '// my servers\n{\n  "inputs": []\n}\n');
      await addMcpServer(configPath, 'user', 'a', { command: 'a' });
      assert.equal(await read(), '// my servers\n{\n  "inputs": [],\n  "mcpServers": {\n    "a": {\n      "command": "a"\n    }\n  }\n}\n');
    });

    it('fills a file that holds only comments', async () => {
      await fs.writeFile(configPath, '// add servers here\n');
      await addMcpServer(configPath, 'user', 'a', { command: 'a' });
      assert.equal(await read(), '// add servers here\n{\n  "mcpServers": {\n    "a": {\n      "command": "a"\n    }\n  }\n}\n');
    });

    it('refuses a name that is there already, an empty name and a file that is not an object', async () => {
      await fs.writeFile(configPath, elbowConfig);
      await assert.rejects(addMcpServer(configPath, 'workspace', 'docs', { command: 'x' }), { message: `${configPath} already has an MCP server named "docs".` });
      await assert.rejects(addMcpServer(configPath, 'workspace', ' ', { command: 'x' }), { message: 'An MCP server needs a name.' });
      assert.equal(await read(), elbowConfig);
      await fs.writeFile(configPath, '[]');
      await assert.rejects(addMcpServer(configPath, 'workspace', 'a', { command: 'x' }), { message: `Cannot add the MCP server "a": ${configPath} does not hold a JSON object.` });
      await fs.writeFile(configPath, '{ "mcpServers": [] }');
      await assert.rejects(addMcpServer(configPath, 'workspace', 'a', { command: 'x' }), { message: `Cannot add the MCP server "a": "mcpServers" in ${configPath} is not an object.` });
    });
  });
});
