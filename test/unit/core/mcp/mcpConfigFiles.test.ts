import assert from 'node:assert/strict';
import * as path from 'node:path';
import { mcpConfigFiles, userMcpConfigFolder } from '../../../../src/core/mcp/mcpConfigFiles';
import { mergeMcpConfigs } from '../../../../src/core/mcp/mcpConfigMerge';
import { parseMcpConfig } from '../../../../src/core/mcp/mcpConfigParser';
import type { McpConfigFile } from '../../../../src/core/mcp/mcpServerConfig';

const home = path.resolve('/home/ada');
const app = path.resolve('/work/app');
const lib = path.resolve('/work/lib');

describe('mcpConfigFiles', () => {
  it('lists the named files, then the workspace files, then the user file, in precedence order', () => {
    const files = mcpConfigFiles({ workspaceRoots: [app], userFolder: path.join(home, '.elbow'), extraFiles: ['extra.json'], homeDirectory: home });
    assert.deepEqual(files, [
      { path: path.resolve('extra.json'), kind: 'cli', display: 'extra.json', workspaceFolder: app },
      { path: path.join(app, '.elbow', 'mcp.json'), kind: 'workspace', display: '.elbow/mcp.json', workspaceFolder: app },
      { path: path.join(app, '.vscode', 'mcp.json'), kind: 'vscode', display: '.vscode/mcp.json', workspaceFolder: app },
      { path: path.join(home, '.elbow', 'mcp.json'), kind: 'user', display: `~${path.sep}${path.join('.elbow', 'mcp.json')}`, workspaceFolder: app },
    ]);
  });

  it('names the folder of each workspace file when there are several roots; user files take the first', () => {
    const files = mcpConfigFiles({ workspaceRoots: [app, lib], userFolder: path.resolve('/etc/elbow'), homeDirectory: home });
    assert.deepEqual(files.map((file) => [file.kind, file.display, file.workspaceFolder]), [
      ['workspace', 'app/.elbow/mcp.json', app],
      ['vscode', 'app/.vscode/mcp.json', app],
      ['workspace', 'lib/.elbow/mcp.json', lib],
      ['vscode', 'lib/.vscode/mcp.json', lib],
      ['user', path.resolve('/etc/elbow/mcp.json'), app],
    ]);
  });

  it('has only the user file without a workspace, and lists a file once when the workspace is the home folder', () => {
    assert.deepEqual(mcpConfigFiles({ workspaceRoots: [], userFolder: path.join(home, '.elbow'), homeDirectory: home }).map((file) => [file.kind, file.workspaceFolder]), [['user', undefined]]);
    const atHome = mcpConfigFiles({ workspaceRoots: [home], userFolder: path.join(home, '.elbow'), homeDirectory: home });
    assert.deepEqual(atHome.map((file) => file.kind), ['workspace', 'vscode']);
  });
});

describe('userMcpConfigFolder', () => {
  it('is $ELBOW_CONFIG_DIR when set, else ~/.elbow', () => {
    assert.equal(userMcpConfigFolder({ ELBOW_CONFIG_DIR: path.resolve('/cfg/elbow') }, home), path.resolve('/cfg/elbow'));
    assert.equal(userMcpConfigFolder({ ELBOW_CONFIG_DIR: '' }, home), path.join(home, '.elbow'));
    assert.equal(userMcpConfigFolder({}, home), path.join(home, '.elbow'));
  });
});

describe('mergeMcpConfigs', () => {
  const file = (kind: McpConfigFile['kind'], display: string): McpConfigFile => ({ path: path.join(app, display), kind, display, workspaceFolder: app });
  const parse = (config: unknown, from: McpConfigFile) => parseMcpConfig(JSON.stringify(config), from, {}, home);

  it('lets the first file that names a server win, keeps the others, and collects every problem', () => {
    const workspace = file('workspace', '.elbow/mcp.json');
    const user = file('user', '~/.elbow/mcp.json');
    const merged = mergeMcpConfigs([
      parse({ mcpServers: { github: { command: 'workspace-github' }, broken: { command: 1 } } }, workspace),
      parse({ mcpServers: { github: { command: 'user-github' }, search: { url: 'https://search.example.com/mcp' } } }, user),
    ]);
    assert.deepEqual(merged.servers.map((server) => [server.name, server.command ?? server.url, server.file.display]), [
      ['github', 'workspace-github', '.elbow/mcp.json'],
      ['search', 'https://search.example.com/mcp', '~/.elbow/mcp.json'],
    ]);
    assert.deepEqual(merged.shadowed.map((server) => [server.name, server.command]), [['github', 'user-github']]);
    assert.deepEqual(merged.problems.map((problem) => [problem.file, problem.field]), [['.elbow/mcp.json', 'mcpServers.broken.command']]);
  });

  it('merges nothing into nothing', () => {
    assert.deepEqual(mergeMcpConfigs([]), { servers: [], problems: [], shadowed: [] });
  });
});
