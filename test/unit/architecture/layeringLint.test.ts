import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const repositoryRoot = path.resolve(__dirname, '../../..');

/** The project's own lint configuration must refuse imports that break the layering of docs/architecture.md. */
async function layeringErrors(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: repositoryRoot,
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    // Type information is not needed for import rules, and the probe files do not exist on disk.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: false } } },
  });
  const [result] = await eslint.lintText(source, { filePath: path.join(repositoryRoot, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('layering lint rules', function () {
  this.timeout(60_000);

  it('forbids vscode in the core, the terminal host and shared Node code', async () => {
    for (const file of ['src/core/agent/probe.ts', 'src/core/tools/builtin/probe.ts', 'src/cli/probe.ts', 'src/node/probe.ts']) {
      assert.match((await layeringErrors(file, "import * as vscode from 'vscode';\nexport const x = vscode;\n")).join(), /vscode/, file);
    }
  });

  it('forbids the core from reaching into a host', async () => {
    assert.equal((await layeringErrors('src/core/agent/probe.ts', "import { NodeFileSystem } from '../../node/nodeFileSystem';\nexport const x = NodeFileSystem;\n")).length, 1);
    assert.equal((await layeringErrors('src/core/probe.ts', "import { main } from '../cli/main';\nexport const x = main;\n")).length, 1);
  });

  it('forbids the core from knowing the webview protocol or display formatting', async () => {
    assert.equal((await layeringErrors('src/core/mcp/probe.ts', "import type { McpState } from '../../protocol/mcpServers';\nexport type X = McpState;\n")).length, 1);
    assert.equal((await layeringErrors('src/core/probe.ts', "import { formatTokenCount } from '../format/tokenCount';\nexport const x = formatTokenCount;\n")).length, 1);
  });

  it('keeps the terminal off the webview protocol and display formatting free of everything', async () => {
    assert.equal((await layeringErrors('src/cli/probe.ts', "import { chatItemSchema } from '../protocol/chatItems';\nexport const x = chatItemSchema;\n")).length, 1);
    assert.deepEqual(await layeringErrors('src/cli/probe.ts', "import { formatTokenCount } from '../format/tokenCount';\nexport const x = formatTokenCount;\n"), []);
    assert.equal((await layeringErrors('src/format/probe.ts', "import { chatItemSchema } from '../protocol/chatItems';\nexport const x = chatItemSchema;\n")).length, 1);
    assert.equal((await layeringErrors('src/format/probe.ts', "import * as fs from 'node:fs';\nexport const x = fs;\n")).length, 1);
  });

  it('lets hosts use the core', async () => {
    assert.deepEqual(await layeringErrors('src/cli/probe.ts', "import { AgentSession } from '../core/agent/agentSession';\nexport const x = AgentSession;\n"), []);
    assert.deepEqual(await layeringErrors('src/vscode/probe.ts', "import * as vscode from 'vscode';\nimport { AgentSession } from '../core/agent/agentSession';\nexport const x = [vscode, AgentSession];\n"), []);
  });

  it('keeps the GitHub Action to the core, the shared Node code and the event stream\'s types of the terminal program', async () => {
    assert.deepEqual(await layeringErrors('src/action/probe.ts', "import type { ResultEvent } from '../cli/stream/streamEvents';\nimport { presetById } from '../core/llm/presets/providerPresets';\nimport { runGit } from '../node/worktrees/gitCommand';\nimport * as core from '@actions/core';\nexport type X = ResultEvent;\nexport const x = [presetById, runGit, core];\n"), []);
    for (const source of [
      "import { main } from '../cli/main';",
      "import { chatItemSchema } from '../protocol/chatItems';",
      "import * as vscode from 'vscode';",
    ]) {
      assert.equal((await layeringErrors('src/action/probe.ts', `${source}\nexport const x = 1;\n`)).length, 1, source);
    }
  });

  it('lets the webview import only the protocol and browser packages', async () => {
    assert.deepEqual(await layeringErrors('src/webview/probe.ts', "import { toWebviewSchema } from '../protocol/toWebview';\nimport { formatTokenCount } from '../format/tokenCount';\nimport { marked } from 'marked';\nexport const x = [toWebviewSchema, formatTokenCount, marked];\n"), []);
    for (const source of [
      "import { AgentSession } from '../core/agent/agentSession';",
      "import { ChatController } from '../vscode/chat/chatController';",
      "import * as vscode from 'vscode';",
      "import * as fs from 'node:fs';",
    ]) {
      assert.equal((await layeringErrors('src/webview/probe.ts', `${source}\nexport const x = 1;\n`)).length, 1, source);
    }
  });

  it('forbids a folder inside core/ or vscode/ to import one above it in the table of docs/architecture.md', async () => {
    assert.match((await layeringErrors('src/core/workspace/probe.ts', "import { ToolRegistry } from '../tools/registry';\nexport const x = ToolRegistry;\n")).join(), /core\/workspace builds on core\/permissions, core\/sandbox/);
    assert.equal((await layeringErrors('src/core/tools/builtin/probe.ts', "import type { AgentSession } from '../../agent/agentSession';\nexport type X = AgentSession;\n")).length, 1);
    assert.equal((await layeringErrors('src/vscode/review/probe.ts', "import type { ChatTranscript } from '../chat/chatTranscript';\nexport type X = ChatTranscript;\n")).length, 1);
    assert.equal((await layeringErrors('src/vscode/probe.ts', "import type { ChatTranscript } from './chat/chatTranscript';\nexport type X = ChatTranscript;\n")).length, 1);
    assert.equal((await layeringErrors('src/core/tools/probe.ts', "import { NodeFileSystem } from '../../node/nodeFileSystem';\nexport const x = NodeFileSystem;\n")).length, 1, 'the core zones still hold inside a folder');
  });

  it('lets a folder import what it builds on, directly or through others', async () => {
    assert.deepEqual(await layeringErrors('src/core/workspace/probe.ts', "import type { PermissionGate } from '../permissions/permissionGate';\nimport { ToolError } from '../toolContract/toolError';\nexport const x: [PermissionGate?, ToolError?] = [];\n"), []);
    assert.deepEqual(await layeringErrors('src/vscode/host/probe.ts', "import type { FileChanges } from '../../core/host/fileChanges';\nimport { showWarning } from '../notifications';\nimport type { DocumentWriter } from '../review/documentWriter';\nexport const x: [FileChanges?, DocumentWriter?] = [];\nexport const y = showWarning;\n"), []);
  });

  it('keeps the protocol free of the core and the hosts', async () => {
    assert.equal((await layeringErrors('src/protocol/probe.ts', "import type { Message } from '../core/llm/messages';\nexport type X = Message;\n")).length, 1);
    assert.equal((await layeringErrors('src/protocol/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length, 1);
  });
});
