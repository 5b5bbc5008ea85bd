import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { userMcpConfigFolder } from '../../../src/core/mcp/mcpConfigFiles';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const form = '.tool-card[data-elicitation="pending"] .elicitation';
const field = (name: string): string => `${form} [data-field="${name}"]`;

function everythingScript(): string {
  const extension = vscode.extensions.getExtension('elbow.elbow');
  if (extension === undefined) throw new Error('The Elbow extension is not loaded.');
  return path.join(extension.extensionPath, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
}

/** server-everything's question (`trigger-elicitation-request`), answered in the chat's form at 300 px. */
export function mcpElicitationTests(llm: () => FakeLlmServer): void {
  describe('MCP questions in the chat', function () {
    this.timeout(60_000);
    // The user's own file: its servers start without the question a workspace file's new server asks.
    const userFile = path.join(userMcpConfigFolder(process.env, os.homedir()), 'mcp.json');
    let before_: string | undefined;

    before(async () => {
      before_ = await fs.readFile(userFile, 'utf8').catch(() => undefined);
      await fs.mkdir(path.dirname(userFile), { recursive: true });
      await fs.writeFile(userFile, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingScript()], alwaysAllow: ['trigger-elicitation-request'] } } }));
      await startNewChat();
      await openChat();
      await setApiKeyAndClearToasts();
      await useTheme('Default Dark Modern');
      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      await vscode.commands.executeCommand('elbow.mcp.showServers');
      await webview.waitFor('#mcp .mcp-server[data-server="everything"]', { timeoutMs: 15_000 });
      await webview.click('#mcp-close');
    });
    afterEach(async () => stopAndSettle(llm()));
    after(async () => {
      if (before_ === undefined) await fs.rm(userFile, { force: true });
      else await fs.writeFile(userFile, before_);
    });

    it('shows the server\'s form on the card of its call; what is wrong shows by its field; Accept sends what was filled in', async () => {
      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__trigger-elicitation-request', {})] },
        { kind: 'reply', content: [text('Thanks for the answers.')] },
      );
      await sendPrompt('Ask me a few things');
      await webview.waitFor(`${form} .elicitation-asker`, { text: 'The MCP server "everything" (from ', timeoutMs: 30_000 });
      await webview.waitFor(`${form} .elicitation-secrets`, { text: 'Elbow never asks for passwords, API keys or tokens' });
      await webview.waitFor(`${form} .elicitation-message`, { text: 'Please provide inputs for the following fields:' });
      await webview.waitFor(`${field('name')} .elicitation-required`, { state: 'attached' });
      await webview.waitFor(`${field('integer')} input[type="number"]`);
      await webview.waitFor(`${field('titledSingleSelectEnum')} option`, { text: 'Green Lantern', state: 'attached' });
      // The picture shows the question from its top, without the banner about the sandbox this machine lacks.
      if (await webview.evaluate<boolean>(`document.querySelector('#sandbox-banner:not([hidden]) .sandbox-banner-dismiss') !== null`)) await webview.click('#sandbox-banner .sandbox-banner-dismiss');
      await webview.evaluate(`document.querySelector(${JSON.stringify(form)}).scrollIntoView({ block: 'start' })`);
      await page.screenshot('mcp-elicitation');
      const requestsSoFar = llm().requests.length;

      await webview.fill(`${field('email')} input`, 'not an address');
      await webview.click(`${form} .elicitation-accept`);
      await webview.waitFor(`${field('name')} .elicitation-problem`, { text: 'Required.' });
      await webview.waitFor(`${field('email')} .elicitation-problem`, { text: 'Expected an email address' });
      assert.equal(llm().requests.length, requestsSoFar, 'nothing was sent while the form was wrong');

      await webview.fill(`${field('name')} input`, 'Ada Lovelace');
      await webview.fill(`${field('email')} input`, 'ada@example.com');
      await webview.fill(`${field('integer')} input`, '7');
      await webview.click(`${field('check')} input`);
      await webview.click(`${field('titledMultipleSelectEnum')} label:has-text("Salmon")`);
      await webview.click(`${form} .elicitation-accept`);
      await webview.waitFor('.item-assistant', { text: 'Thanks for the answers.', timeoutMs: 20_000 });
      await waitUntilIdle();
      const sent = toolResultsSent(llm());
      assert.match(sent, /User provided the requested information/);
      assert.match(sent, /"name": "Ada Lovelace"/);
      assert.match(sent, /"email": "ada@example.com"/);
      assert.match(sent, /"integer": 7,/);
      assert.match(sent, /"check": true/);
      assert.match(sent, /"titledMultipleSelectEnum": \[\s+"fish-1",\s+"fish-2"\s+\]/);
      await webview.waitFor('.tool-card[data-elicitation="accepted"] .elicitation-outcome', { text: 'Answered' });
      assert.deepEqual(llm().violations, []);
    });

    it('Decline tells the server so', async () => {
      llm().enqueue(
        { kind: 'reply', content: [toolCall('mcp__everything__trigger-elicitation-request', {})] },
        { kind: 'reply', content: [text('Understood, no answers.')] },
      );
      await sendPrompt('Ask me again');
      await webview.waitFor(`${form} .elicitation-decline`, { timeoutMs: 30_000 });
      await webview.click(`${form} .elicitation-decline`);
      await webview.waitFor('.item-assistant', { text: 'Understood, no answers.', timeoutMs: 20_000 });
      await waitUntilIdle();
      assert.match(toolResultsSent(llm()), /User declined to provide the requested information/);
      await webview.waitFor('.tool-card[data-elicitation="declined"] .elicitation-outcome', { text: 'Declined' });
    });
  });
}
