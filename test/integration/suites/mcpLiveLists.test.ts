import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { lastUserMessage, openChat, sendPromptAndWaitForReply, startNewChat, toolResultsSent, waitUntilIdle, workspaceFile, workspaceFolder } from '../support/chat';
import { page, webview } from '../support/driver';

const server = (name: string): string => `#mcp .mcp-server[data-server="${name}"]`;

/** A server (the SDK's McpServer) whose tool `add_tool` adds the tool `added`, which sends tools/list_changed. */
const growingScript = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'growing', version: '1.0.0' });
server.registerTool('add_tool', { description: 'Adds the tool added.' }, async () => {
  server.registerTool('added', { description: 'Added later.' }, async () => ({ content: [{ type: 'text', text: 'added works' }] }));
  return { content: [{ type: 'text', text: 'added the tool added' }] };
});
await server.connect(new StdioServerTransport());
`;

function extensionPath(): string {
  const extension = vscode.extensions.getExtension('elbow.elbow');
  if (extension === undefined) throw new Error('The Elbow extension is not loaded.');
  return extension.extensionPath;
}

/** The names of the tools a request offered (OpenAI wire format). */
function offered(llm: FakeLlmServer, index: number): string[] {
  const body = llm.requests.at(index)?.body as { tools?: Array<{ function: { name: string } }> } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

async function startAfterApproval(name: string): Promise<void> {
  const item = `.notifications-center .notification-list-item:has-text('"${name}" in ')`;
  await vscode.commands.executeCommand('elbow.mcp.restartServer', name);
  await vscode.commands.executeCommand('notifications.showList');
  await page.waitFor(item, { timeoutMs: 20_000 });
  await page.click(`${item} .monaco-button:text-is("Start")`);
  await page.waitFor(item, { state: 'hidden' });
  await vscode.commands.executeCommand('notifications.hideList');
  await page.waitFor('.notifications-center', { state: 'hidden' });
}

export function mcpLiveListTests(llm: () => FakeLlmServer): void {
  describe('MCP live lists and roots', function () {
    this.timeout(60_000);
    const config = '.elbow/mcp.json';

    before(async () => {
      const root = extensionPath();
      await fs.mkdir(path.dirname(workspaceFile(config).fsPath), { recursive: true });
      // Their own environment keeps these configurations apart from what earlier MCP suites approved, so VS Code asks.
      await fs.writeFile(workspaceFile(config).fsPath, JSON.stringify({
        mcpServers: {
          growing: { command: process.execPath, args: ['--input-type=module', '-e', growingScript], cwd: root, alwaysAllow: ['add_tool', 'added'] },
          everything: { command: process.execPath, args: [path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')], alwaysAllow: ['get-roots-list'], env: { ELBOW_SUITE: 'liveLists' } },
        },
      }));
      await startNewChat();
      await openChat();
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(`${server('growing')} .mcp-server-name`, { text: 'growing', timeoutMs: 30_000 }).catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nThe panel showed: ${await webview.evaluate<string>(`document.querySelector('#mcp')?.textContent ?? 'no panel'`)}`);
      });
      await webview.click('#mcp-close');
      for (const name of ['growing', 'everything']) await startAfterApproval(name);
      // Servers start when a conversation first needs tools, and a message is offered only the tools listed when it
      // begins: one message starts them, and the tests begin once both list their tools.
      llm().enqueue({ kind: 'reply', content: [text('Ready.')] });
      await sendPromptAndWaitForReply('Start the servers', 'Ready.');
      await waitUntilIdle();
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      for (const [name, tool] of [['growing', 'add_tool'], ['everything', 'echo']] as const) {
        await webview.waitFor(`${server(name)} .mcp-tool[data-tool="${tool}"]`, { state: 'attached', timeoutMs: 30_000 });
      }
      await webview.click('#mcp-close');
    });
    afterEach(async () => {
      await vscode.commands.executeCommand('elbow.stop');
      await waitUntilIdle();
      llm().discardPending();
    });
    after(async () => {
      await fs.rm(workspaceFile(config).fsPath, { force: true });
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(server('growing'), { state: 'detached', timeoutMs: 10_000 });
      await webview.click('#mcp-close');
    });

    it('offers a tool a server adds during a message from the next message on, and lists it in the panel without a reload', async () => {
      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__growing__add_tool', {})] },
        { kind: 'reply', content: [text('Added a tool.')] },
      );
      await sendPromptAndWaitForReply('Add a tool', 'Added a tool.');
      await waitUntilIdle();
      assert.match(toolResultsSent(llm()), /added the tool added/);
      assert.ok(offered(llm(), -2).includes('mcp__growing__add_tool'), offered(llm(), -2).join(', '));
      assert.ok(!offered(llm(), -1).includes('mcp__growing__added'), 'the running message keeps its tools');
      assert.equal(JSON.stringify((llm().requests.at(-1)?.body as { tools: unknown }).tools), JSON.stringify((llm().requests.at(-2)?.body as { tools: unknown }).tools));

      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(`${server('growing')} .mcp-tool[data-tool="added"]`, { state: 'attached', timeoutMs: 10_000 });
      await webview.click('#mcp-close');

      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__growing__added', {})] },
        { kind: 'reply', content: [text('The new tool worked.')] },
      );
      await sendPromptAndWaitForReply('Use the new tool', 'The new tool worked.');
      await waitUntilIdle();
      assert.ok(offered(llm(), -2).includes('mcp__growing__added'), 'offered in the next message');
      assert.match(toolResultsSent(llm()), /added works/);
    });

    it('lists a prompt of a server started after the chat opened in the / picker with its arguments, and asks for the required one', async () => {
      const option = '#slash-picker [role="option"]:has-text("/mcp.everything.args-prompt")';
      await webview.fill('#prompt', '');
      await webview.type('#prompt', '/mcp.everything.args');
      await webview.waitFor(`${option} .slash-hint`, { text: '<city> [state]', timeoutMs: 20_000 });
      await webview.press('#prompt', 'Enter');
      assert.equal(await webview.evaluate<string>('document.querySelector("#prompt").value'), '/mcp.everything.args-prompt ');
      await webview.type('#prompt', 'state=Texas');
      llm().enqueue({ kind: 'reply', content: [text('Sunny in Paris.')] });
      await webview.press('#prompt', 'Enter');
      await page.waitFor('.quick-input-widget', { text: 'city' });
      await page.type('Paris');
      await page.press('Enter');
      await webview.waitFor('.item-assistant', { text: 'Sunny in Paris.' });
      await waitUntilIdle();
      assert.match(lastUserMessage(llm()), /What's weather in Paris, Texas\?/);
    });

    it('gives servers the workspace folder as a root', async () => {
      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__get-roots-list', {})] },
        { kind: 'reply', content: [text('Listed the roots.')] },
      );
      await sendPromptAndWaitForReply('Which roots?', 'Listed the roots.');
      await waitUntilIdle();
      const sent = toolResultsSent(llm());
      assert.ok(sent.includes(pathToFileURL(workspaceFolder().fsPath).href), sent);
      assert.deepEqual(llm().violations, []);
    });
  });
}
