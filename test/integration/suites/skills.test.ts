import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { setApiKeyOfCurrentProvider } from '../support/apiKey';
import { openChat, sendPromptAndWaitForReply, startNewChat, waitUntilIdle, workspaceFile } from '../support/chat';
import { trustWorkspaceCustomizations } from '../support/customizationTrust';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const skillPath = '.agents/skills/release-notes/SKILL.md';
const body = 'Group the changes under Added, Fixed and Removed. RELEASE-NOTES-SKILL-BODY';
const skillText = `---\nname: release-notes\ndescription: Drafts release notes from the merged changes. Use when preparing a release.\n---\n${body}\n`;

/** The requests of the conversation that began with `prompt`, in order. */
function requestsOf(server: FakeLlmServer, prompt: string): string[] {
  return server.requests.map((request) => JSON.stringify(request.body)).filter((request) => request.includes(prompt));
}

/** A workspace skill: not offered until the user trusts it from the command palette; then activated by the model, its body sent only then. */
export function skillsTests(server: () => FakeLlmServer): void {
  describe('skills', function () {
    this.timeout(180_000);

    before(async () => {
      await vscode.workspace.fs.writeFile(workspaceFile(skillPath), new TextEncoder().encode(skillText));
      await startNewChat();
      await openChat();
      // Run on its own, no earlier suite has stored the key.
      if (await webview.evaluate<boolean>('document.getElementById("welcome")?.hidden === false')) await setApiKeyOfCurrentProvider();
    });
    after(async () => {
      await useTheme('Default Dark Modern');
      await vscode.workspace.fs.delete(workspaceFile('.agents'), { recursive: true }).then(undefined, () => undefined);
      await startNewChat();
    });

    it('offers no workspace skill before the user trusts it', async () => {
      const prompt = 'Draft the release notes before trust';
      server().enqueue({ kind: 'reply', content: [text('Drafted without a skill.')] });
      await sendPromptAndWaitForReply(prompt, 'Drafted without a skill.');
      const [request] = requestsOf(server(), prompt);
      assert.ok(request !== undefined);
      assert.doesNotMatch(request, /release-notes|activate_skill|RELEASE-NOTES-SKILL-BODY/);
    });

    it('after "Trust This Workspace\'s Customizations", lists the skill; its body reaches the request only once the model activates it', async () => {
      await trustWorkspaceCustomizations('1 skill from 1 file', [skillPath]);

      await startNewChat();
      await openChat();
      const prompt = 'Draft the release notes for 2.0';
      server().enqueue(
        { kind: 'reply', content: [toolCall('activate_skill', { name: 'release-notes' })] },
        { kind: 'reply', content: [text('Release notes drafted.')] },
      );
      await sendPromptAndWaitForReply(prompt, 'Release notes drafted.');
      await waitUntilIdle();
      const [before, after] = requestsOf(server(), prompt);
      assert.ok(before !== undefined && after !== undefined);
      assert.match(before, /- release-notes: Drafts release notes from the merged changes\. Use when preparing a release\./);
      assert.match(before, /"activate_skill"/);
      assert.doesNotMatch(before, /RELEASE-NOTES-SKILL-BODY/);
      assert.match(after, /RELEASE-NOTES-SKILL-BODY/);
      assert.deepEqual(server().violations, []);

      const card = '.tool-card[data-tool="activate_skill"]';
      await webview.waitFor(card, { text: 'Activated skill release-notes' });
      const width = await narrowChatTo(300);
      assert.ok(width <= 300, `the chat is ${width} px wide`);
      const fits = await webview.evaluate<boolean>(`document.querySelector('${card}').getBoundingClientRect().right <= document.documentElement.clientWidth`);
      assert.ok(fits, 'the card fits the narrow side bar');
      await webview.click(`${card} .tool-summary`);
      await webview.waitFor(`${card} .tool-result`, { text: 'RELEASE-NOTES-SKILL-BODY', state: 'visible' });
      await useTheme('Default Dark Modern');
      await page.screenshot('skills-activated-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('skills-activated-light');
    });
  });
}
