import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { workspaceFolder } from '../support/chat';
import { trustWorkspaceCustomizations } from '../support/customizationTrust';
import { page } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

/** Which formats' readers are in this build: a kind's rows are expected once its reader is. */
const landed = { skill: true, command: true, agent: true, hook: true };

/** A workspace's customizations as Claude Code and Copilot users write them, and the rows the Customize view shows for them. */
const files: Record<string, string> = {
  '.claude/skills/release-notes/SKILL.md': '---\nname: release-notes\ndescription: Writes release notes from the commits since the last tag.\n---\nList the commits, group them by kind, write one line each.\n',
  '.github/prompts/explain.prompt.md': '---\ndescription: Explain a piece of code\n---\nExplain ${input:symbol} in two short paragraphs.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews changes without editing\ntools: Read, Grep, Glob\n---\nYou review code. You never edit files.\n',
  '.claude/settings.json': '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./hooks/check.sh", "timeout": 10 }] }]\n  }\n}\n',
  '.claude/skills/broken/SKILL.md': '---\nname: broken\nname: again\ndescription: A key given twice\n---\nBody.\n',
};
const expectedRows = [
  { kind: 'skill', name: 'release-notes' },
  { kind: 'command', name: 'explain' },
  { kind: 'agent', name: 'reviewer' },
  { kind: 'hook', name: 'PreToolUse Bash: ./hooks/check.sh' },
] as const;
const rows = expectedRows.filter((row) => landed[row.kind]);
/** The file each kind's row comes from. */
const filesOf = { skill: '.claude/skills/release-notes/SKILL.md', command: '.github/prompts/explain.prompt.md', agent: '.claude/agents/reviewer.md', hook: '.claude/settings.json' } as const;
/** The view's row of a customization, by the label it gives screen readers (`skill release-notes, …, untrusted, on, 20 tokens`). */
const row = ({ kind, name }: { kind: string; name: string }, trust: 'trusted' | 'untrusted'): string => `.monaco-list-row[aria-label^="${kind} ${name},"][aria-label*=", ${trust},"]`;

/** The header of the chat's view, beside the Customize view's in the side bar. */
const chatHeader = '.pane-header';

/** The Customize view: what a cloned repository holds, untrusted until the user trusts it, and the problems of its files. */
export function customizeTests(): void {
  describe('the Customize view', () => {
    before(async () => {
      for (const [file, text] of Object.entries(files)) {
        const at = path.join(workspaceFolder().fsPath, file);
        await fs.mkdir(path.dirname(at), { recursive: true });
        await fs.writeFile(at, text);
      }
      await vscode.commands.executeCommand('elbow.customize.forgetTrust');
      await vscode.commands.executeCommand('elbow.customize.refresh');
    });
    after(async () => {
      await page.click(`${chatHeader}[aria-expanded="false"]`, 'Elbow');
      for (const folder of ['.claude', '.github/prompts']) await fs.rm(path.join(workspaceFolder().fsPath, folder), { recursive: true, force: true });
      await vscode.commands.executeCommand('elbow.customize.forgetTrust');
      await vscode.commands.executeCommand('workbench.action.closePanel');
    });

    it('lists a skill, a command, an agent and a hook from the workspace as untrusted, at 300 px in dark and light', async () => {
      await narrowChatTo(300);
      await vscode.commands.executeCommand('elbow.customize.show');
      // The chat above takes most of the side bar: folded, it leaves the Customize view room for every row.
      await page.click(`${chatHeader}[aria-expanded="true"]`, 'Elbow');
      await page.waitFor('.pane-header', { text: 'Customize' });
      for (const expected of rows) await page.waitFor(row(expected, 'untrusted'));
      if (rows.length === 0) await page.waitFor('.welcome-view-content', { text: 'No skills, commands, agents or hooks found' });
      await useTheme('Default Dark Modern');
      await page.screenshot('customize-view-300-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('customize-view-300-light');
      await useTheme('Default Dark Modern');
    });

    it('trusts them all from the question, and shows them trusted', async () => {
      await trustWorkspaceCustomizations(`from ${new Set(rows.map((expected) => filesOf[expected.kind])).size} file`);
      for (const expected of rows) await page.waitFor(row(expected, 'trusted'));
    });

    (landed.skill ? it : it.skip)('shows a frontmatter problem in the Problems panel at its line, from Elbow', async () => {
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      await page.waitFor('.markers-panel .monaco-list-row', { text: 'frontmatter' });
      await page.screenshot('customize-problems-panel');
      const broken = vscode.Uri.file(path.join(workspaceFolder().fsPath, '.claude/skills/broken/SKILL.md'));
      const [diagnostic] = vscode.languages.getDiagnostics(broken);
      assert.equal(diagnostic?.source, 'Elbow');
      assert.equal(diagnostic?.range.start.line, 2, 'the line of the key given twice (line 3)');
    });
  });
}
