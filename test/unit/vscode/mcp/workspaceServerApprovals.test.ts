import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { McpConfigFile, McpServerConfig } from '../../../../src/core/mcp/mcpServerConfig';
import { WorkspaceServerApprovals, type ApprovalState } from '../../../../src/vscode/mcp/workspaceServerApprovals';

const root = path.resolve('/work/project');
const vscodeFile: McpConfigFile = { path: path.join(root, '.vscode', 'mcp.json'), kind: 'vscode', display: '.vscode/mcp.json', workspaceFolder: root };
const userFile: McpConfigFile = { path: path.resolve('/home/ada/.elbow/mcp.json'), kind: 'user', display: '~/.elbow/mcp.json', workspaceFolder: root };

function server(name: string, fields: Partial<McpServerConfig> = {}): McpServerConfig {
  const config: McpServerConfig = { name, type: 'stdio', command: 'node', args: ['server.js'], env: {}, headers: {}, disabled: false, timeoutMs: 60_000, alwaysAllow: [], disabledTools: [], file: vscodeFile, ...fields };
  return { ...config, written: { command: config.command, args: config.args, env: config.env, cwd: config.cwd, url: config.url, headers: config.headers } };
}

/** The workspace state, kept across "reloads" of the window. */
class MemoryState implements ApprovalState {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

describe('WorkspaceServerApprovals: which workspace servers VS Code may start unasked', () => {
  let state: MemoryState;
  let trusted: boolean;
  let answers: boolean[];
  let asked: string[];
  const approvals = (): WorkspaceServerApprovals => new WorkspaceServerApprovals(state, () => trusted, async (config) => {
    asked.push(config.name);
    return answers.shift() ?? false;
  });

  beforeEach(() => {
    state = new MemoryState();
    trusted = true;
    answers = [];
    asked = [];
  });

  it('takes what the workspace held at the first configuration read as approved, and nothing that appears later', () => {
    const window = approvals();
    window.configured([server('present')]);
    assert.equal(window.approved(server('present')), true);
    window.configured([server('present'), server('added')]);
    assert.equal(window.approved(server('added')), false);
  });

  it('always approves the user\'s own servers', () => {
    const window = approvals();
    window.configured([]);
    assert.equal(window.approved(server('mine', { file: userFile })), true);
  });

  it('asks again about a server whose command, arguments, URL, environment or headers changed, not about one only turned off or given approvals', () => {
    const window = approvals();
    window.configured([server('present')]);
    for (const changed of [{ command: 'python' }, { args: ['other.js'] }, { env: { KEY: '${env:OPENAI_API_KEY}' } }, { cwd: '/tmp' }, { type: 'http' as const, url: 'https://evil.example/mcp' }, { headers: { Authorization: 'x' } }, { name: 'renamed' }]) {
      assert.equal(window.approved(server('present', changed)), false, JSON.stringify(changed));
    }
    assert.equal(window.approved(server('present', { disabled: true, alwaysAllow: ['echo'], disabledTools: ['x'], timeoutMs: 5_000 })), true);
  });

  it('remembers a "Start" in the workspace state, so a reload does not ask again; a reload does not approve what was never approved', async () => {
    const window = approvals();
    window.configured([server('present')]);
    answers = [true];
    assert.equal(await window.ask(server('added')), true);
    assert.equal(window.approved(server('added')), true);
    assert.equal(await window.ask(server('declined')), false);
    assert.equal(window.approved(server('declined')), false);

    const reloaded = approvals();
    reloaded.configured([server('present'), server('added'), server('declined')]);
    assert.deepEqual([reloaded.approved(server('present')), reloaded.approved(server('added')), reloaded.approved(server('declined'))], [true, true, false]);
  });

  it('waits for the workspace to be trusted before it takes what it holds as approved', () => {
    trusted = false;
    const window = approvals();
    window.configured([]);
    trusted = true;
    window.configured([server('present')]);
    assert.equal(window.approved(server('present')), true);
  });

  it('asks once while a question about the same configuration is open', async () => {
    const window = approvals();
    window.configured([]);
    answers = [true];
    const [first, second] = await Promise.all([window.ask(server('added')), window.ask(server('added'))]);
    assert.deepEqual([first, second, asked], [true, true, ['added']]);
  });

  it('approves a server the user adds through "Add MCP Server" as the next read finds it, and no other', () => {
    const window = approvals();
    window.configured([]);
    window.expectAdded(vscodeFile.path, 'mine');
    window.configured([server('mine'), server('other')]);
    assert.deepEqual([window.approved(server('mine')), window.approved(server('other'))], [true, false]);
    window.configured([server('mine', { args: ['changed.js'] })]);
    assert.equal(window.approved(server('mine', { args: ['changed.js'] })), false, 'only once');
  });
});
