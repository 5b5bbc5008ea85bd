import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { pickAgentInHeader, pickedAgent } from '../support/agentPicker';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { lastUserMessage, openChat, readWorkspaceFile, sendPrompt, startNewChat, stopAndSettle, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const agentFile = '.claude/agents/reviewer.md';
const target = 'agent-target.txt';
const refusedCard = '.item-tool:has(.tool-card[data-tool="edit_file"][data-status="refused"])';

/** The tools a request to the fake server offered the model. */
function toolsOffered(server: FakeLlmServer, index: number): string[] {
  const body = server.requests.at(index)?.body as { tools?: Array<{ function: { name: string } }> } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

/** A workspace's Claude Code subagent, picked in the chat header: the model is offered only its tools, and a call outside them is refused. */
export function customAgentTests(server: () => FakeLlmServer): void {
  describe('custom agent picker', function () {
    this.timeout(180_000);

    before(async () => {
      const agent = '---\nname: reviewer\ndescription: Reviews changes without editing files\ntools: Read, Grep, Glob\n---\nReview the change for correctness. Never edit files.\n';
      await vscode.workspace.fs.writeFile(workspaceFile(agentFile), new TextEncoder().encode(agent));
      await vscode.workspace.fs.writeFile(workspaceFile(target), new TextEncoder().encode('alpha\n'));
      await startNewChat();
      await openChat();
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
    });
    afterEach(() => stopAndSettle(server()));
    after(async () => {
      await useTheme('Default Dark Modern');
      await vscode.workspace.fs.delete(workspaceFile('.claude'), { recursive: true }).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(workspaceFile(target)).then(undefined, () => undefined);
      await startNewChat();
    });

    it('picks the reviewer in the header: the model is not offered edit_file, and the card says why the edit did not run', async () => {
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      await webview.waitFor(pickedAgent('Agent'));
      await pickAgentInHeader('reviewer');
      await webview.waitFor(`${pickedAgent('reviewer')} .agent-picker-text`, { text: 'reviewer' });
      const label = await webview.evaluate<string>('document.getElementById("agent-picker").getAttribute("aria-label")');
      assert.match(label, /reviewer \(from this workspace\)/);
      await page.screenshot('agent-picker-300-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('agent-picker-300-light');

      server().enqueue(
        { kind: 'reply', content: [toolCall('edit_file', { path: target, old_str: 'alpha', new_str: 'beta' })] },
        { kind: 'reply', content: [text('I only review; here is what to change.')] },
      );
      await sendPrompt('Rename alpha to beta');
      await webview.waitFor(`${refusedCard} .tool-refusal`, { text: 'The picked agent is not given this tool', state: 'visible', timeoutMs: 20_000 });
      await webview.waitFor('.item-assistant', { text: 'I only review' });
      await waitUntilIdle();
      const offered = toolsOffered(server(), -2);
      assert.ok(offered.includes('read_file') && offered.includes('search'), `the reviewer's tools were offered: ${offered.join(', ')}`);
      assert.ok(!offered.includes('edit_file') && !offered.includes('run_command'), `tools it was not given were not: ${offered.join(', ')}`);
      assert.equal(await readWorkspaceFile(target), 'alpha\n', 'the file is unchanged');
      await useTheme('Default Dark Modern');
    });

    it('@Plan at the start of a message picks Plan, and the message is sent without it', async () => {
      server().enqueue({ kind: 'reply', content: [text('1. Read the file.')] });
      await sendPrompt('@Plan outline the rename');
      await webview.waitFor(pickedAgent('Plan'));
      await webview.waitFor('.item-assistant', { text: 'Read the file.' });
      await waitUntilIdle();
      await webview.waitFor('.item-user', { text: 'outline the rename' });
      const users = await webview.evaluate<string[]>('[...document.querySelectorAll(".item-user")].map((item) => item.textContent)');
      assert.ok(!users.some((shown) => shown.includes('@Plan')), `the name is not part of the message: ${JSON.stringify(users)}`);
      assert.doesNotMatch(lastUserMessage(server()), /@Plan/, 'nor of what the model got');
      await pickAgentInHeader('Agent');
    });
  });
}
