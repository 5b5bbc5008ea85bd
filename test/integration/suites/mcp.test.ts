import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { openChat, sendPrompt, sendPromptAndWaitForReply, startNewChat, toolResultsSent, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';

const pending = '.tool-card[data-approval="pending"]';
const server = (name: string): string => `#mcp .mcp-server[data-server="${name}"]`;

export function everythingScript(): string {
  const extension = vscode.extensions.getExtension('elbow.elbow');
  if (extension === undefined) throw new Error('The Elbow extension is not loaded.');
  return path.join(extension.extensionPath, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
}

async function writeJson(relative: string, value: unknown): Promise<void> {
  await fs.mkdir(path.dirname(workspaceFile(relative).fsPath), { recursive: true });
  await fs.writeFile(workspaceFile(relative).fsPath, `${JSON.stringify(value, null, 2)}\n`);
}

async function readJson(relative: string): Promise<{ mcpServers: Record<string, { alwaysAllow?: string[]; disabled?: boolean }> }> {
  return JSON.parse(await fs.readFile(workspaceFile(relative).fsPath, 'utf8')) as { mcpServers: Record<string, { alwaysAllow?: string[] }> };
}

/**
 * Answers Elbow's notification asking whether to start a server that appeared in a workspace file
 * while it ran. The headless window has no focus, so the notification waits under the bell.
 */
export async function answerStartQuestion(name: string, answer: 'Start' | "Don't start", screenshot?: string): Promise<void> {
  const item = `.notifications-center .notification-list-item:has-text('"${name}" in ')`;
  await vscode.commands.executeCommand('notifications.showList');
  await page.waitFor(item, { timeoutMs: 20_000 });
  if (screenshot !== undefined) await page.screenshot(screenshot);
  await page.click(`${item} .monaco-button:text-is("${answer}")`);
  await page.waitFor(item, { state: 'hidden' });
  // Leave no open notification centre behind: it would take the next Escape meant for a quick pick.
  await vscode.commands.executeCommand('notifications.hideList');
  await page.waitFor('.notifications-center', { state: 'hidden' });
}

export function mcpTests(llm: () => FakeLlmServer): void {
  describe('MCP servers', function () {
    this.timeout(90_000);

    before(async () => {
      await writeJson('.elbow/mcp.json', { mcpServers: { everything: { command: process.execPath, args: [everythingScript()] } } });
      await writeJson('.vscode/mcp.json', {
        servers: {
          shared: { type: 'stdio', command: process.execPath, args: [everythingScript()] },
          broken: { type: 'stdio', args: ['no command'] },
        },
      });
      await startNewChat();
      await openChat();
      // The servers appeared while Elbow ran, so each asks before it starts. Restart asks too when no
      // conversation has started servers yet (and asks nothing new when the question is already open).
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(`${server('everything')} .mcp-server-name`, { text: 'everything', timeoutMs: 10_000 });
      await webview.waitFor(`${server('shared')} .mcp-server-name`, { text: 'shared' });
      await webview.click('#mcp-close');
      for (const name of ['everything', 'shared']) {
        await vscode.commands.executeCommand('elbow.mcp.restartServer', name);
        await answerStartQuestion(name, 'Start');
      }
    });
    afterEach(async () => {
      await vscode.commands.executeCommand('elbow.stop');
      await waitUntilIdle();
      llm().discardPending();
    });
    after(async () => {
      await fs.rm(workspaceFile('.elbow/mcp.json').fsPath, { force: true });
      await fs.rm(workspaceFile('.vscode').fsPath, { recursive: true, force: true });
      // Removing the files stops the servers.
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor('#mcp-empty', { timeoutMs: 10_000 });
      await webview.click('#mcp-close');
    });

    it('lists the configured servers as their files change, and asks before a tool runs; "Always allow this tool" writes alwaysAllow', async () => {
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      // Idle until a conversation needs tools; earlier suites' conversations already did.
      await webview.waitFor(`${server('everything')} .mcp-server-name`, { text: 'everything', timeoutMs: 10_000 });
      await webview.waitFor(`${server('shared')} .mcp-server-meta`, { text: '.vscode/mcp.json' });
      await webview.waitFor('#mcp-problems li', { text: 'servers.broken.command' });
      await webview.click('#mcp-close');

      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'hello from VS Code' })] },
        { kind: 'reply', content: [text('The server echoed it.')] },
      );
      await sendPrompt('Echo something through MCP');
      await webview.waitFor(`${pending} .approval[data-kind="mcpTool"] .approval-detail`, { text: 'everything › echo', timeoutMs: 30_000 });
      await webview.waitFor(`${pending} .approval-arguments`, { text: '"message": "hello from VS Code"' });
      await page.screenshot('mcp-approval');
      await webview.click(`${pending} .approval-always`);
      await waitUntilIdle();
      assert.match(toolResultsSent(llm()), /Echo: hello from VS Code/);
      assert.deepEqual((await readJson('.elbow/mcp.json')).mcpServers.everything?.alwaysAllow, ['echo']);
      const request = JSON.stringify(llm().requests.at(-1)?.body);
      assert.match(request, /"name":"mcp__everything__get-sum"/, 'the server\'s tools were offered');
      assert.match(request, /"name":"mcp__shared__echo"/, 'and those of .vscode/mcp.json');

      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__echo', { message: 'again' })] },
        { kind: 'reply', content: [text('Echoed again without asking.')] },
      );
      await sendPrompt('Once more');
      // The run may not have started when the prompt is sent: wait for its answer, not only for idleness.
      await webview.waitFor('.item-assistant', { text: 'Echoed again without asking.' });
      await waitUntilIdle();
      assert.match(toolResultsSent(llm()), /Echo: again/);
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll('.approval[data-kind="mcpTool"][data-state="pending"]').length`), 0, 'no second question');
      assert.deepEqual(llm().violations, []);
    });

    it('shows the servers connected with their tools, restarts one, and turns one off and on from the panel', async () => {
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(`${server('everything')}[data-state="connected"]`, { timeoutMs: 20_000 });
      // The tool list starts collapsed: the tag is there, not hidden, inside it.
      await webview.waitFor(`${server('everything')} .mcp-tool[data-tool="echo"] .mcp-tag-always:not([hidden])`, { state: 'attached' });
      await page.screenshot('mcp-panel');

      await webview.click(`${server('everything')} .mcp-server-restart`);
      await webview.waitFor(`${server('everything')}[data-state="connected"]`, { timeoutMs: 20_000 });

      await webview.click(`${server('shared')} .mcp-server-toggle`);
      await webview.waitFor(`${server('shared')}[data-state="disabled"]`, { timeoutMs: 10_000 });
      assert.equal((await readJson('.vscode/mcp.json') as unknown as { servers: Record<string, { disabled?: boolean }> }).servers.shared?.disabled, true);
      await webview.click(`${server('shared')} .mcp-server-toggle`);
      await webview.waitFor(`${server('shared')}[data-state="connected"]`, { timeoutMs: 20_000 });
      await webview.click('#mcp-close');
    });

    it('asks before starting a server added to .vscode/mcp.json while Elbow runs, and starts it only on "Start"', async () => {
      const config = JSON.parse(await fs.readFile(workspaceFile('.vscode/mcp.json').fsPath, 'utf8')) as { servers: Record<string, unknown> };
      await writeJson('.vscode/mcp.json', { servers: { ...config.servers, added: { type: 'stdio', command: process.execPath, args: [everythingScript()] } } });
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor(`${server('added')}[data-state="awaitingApproval"] .mcp-server-status`, { text: 'Waiting for approval', timeoutMs: 20_000 });
      await webview.waitFor(`${server('added')} .mcp-server-error`, { text: 'Not started until you approve it.' });
      await page.screenshot('mcp-awaiting-approval');
      await vscode.commands.executeCommand('notifications.showList');
      await page.waitFor(`.notifications-center .notification-list-item:has-text('"added" in .vscode/mcp.json is a new or changed MCP server. It would run: ${process.execPath} ')`, { timeoutMs: 10_000 });

      await answerStartQuestion('added', "Don't start", 'mcp-start-question');
      await webview.waitFor(`${server('added')}[data-state="declined"] .mcp-server-error`, { text: 'Not started: you chose not to start it. Restart asks again.', timeoutMs: 10_000 });
      await webview.click('#mcp-close');
      llm().enqueue({ kind: 'reply', content: [text('Without the added server.')] });
      await sendPromptAndWaitForReply('Which tools are there?', 'Without the added server.');
      const request = JSON.stringify(llm().requests.at(-1)?.body);
      assert.match(request, /"name":"mcp__shared__echo"/);
      assert.doesNotMatch(request, /mcp__added__/, 'a declined server gives the model no tools');

      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.click(`${server('added')} .mcp-server-restart`);
      await webview.waitFor(`${server('added')}[data-state="awaitingApproval"]`, { timeoutMs: 10_000 });
      await answerStartQuestion('added', 'Start');
      await webview.waitFor(`${server('added')}[data-state="connected"]`, { timeoutMs: 20_000 });
      // Approved: restarting it now asks nothing (a question would hold it before it connects).
      await webview.click(`${server('added')} .mcp-server-restart`);
      await webview.waitFor(`${server('added')}[data-state="connected"]`, { timeoutMs: 20_000 });
      await webview.click('#mcp-close');
    });
  });
}
