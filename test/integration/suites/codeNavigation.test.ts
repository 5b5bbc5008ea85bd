import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeLlmServer } from '../../support/fakeLlmServer';
import { text, toolCall } from '../../support/fakeLlmServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPrompt, startNewChat, waitUntilIdle, workspaceFile } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const ignoreFile = '.elbowignore';

/** The newest tool result the model received. */
function lastToolResult(server: FakeLlmServer): string {
  const { messages } = server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
  return String(messages.filter((message) => message.role === 'tool').at(-1)?.content);
}

export function codeNavigationTests(server: () => FakeLlmServer): void {
  describe('code navigation', function () {
    this.timeout(90_000);

    /** Runs one code_navigation call as the model would and returns the result the model received. */
    async function navigate(argumentsOfCall: Record<string, unknown>): Promise<string> {
      server().enqueue(
        { kind: 'reply', content: [toolCall('code_navigation', argumentsOfCall)] },
        { kind: 'reply', content: [text('Navigated.')] },
      );
      await sendPrompt(`Navigate: ${JSON.stringify(argumentsOfCall)}`);
      await webview.waitFor('.item-assistant', { text: 'Navigated' });
      await waitUntilIdle(60_000);
      return lastToolResult(server());
    }

    before(async () => {
      await vscode.workspace.fs.writeFile(workspaceFile(ignoreFile), new TextEncoder().encode('navigation/hidden.ts\n'));
      await startNewChat();
      await openChat();
      await setApiKeyAndClearToasts();
    });
    after(async () => {
      await vscode.workspace.fs.delete(workspaceFile(ignoreFile));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('goes from a use of an exported function to its definition, through the TypeScript language server', async () => {
      const result = await navigate({ action: 'definition', path: 'navigation/floorPlan.ts', symbol: 'area', line: 4 });
      assert.match(result, /navigation\/geometry\.ts:2:17: export function area\(width: number, height: number\): number \{/);
      await page.screenshot('code-navigation-definition');
    });

    it('finds the references in both files that use it, leaving out a file hidden by .elbowignore without naming it', async () => {
      const result = await navigate({ action: 'references', path: 'navigation/geometry.ts', symbol: 'area' });
      for (const place of ['navigation/floorPlan.ts:1:10', 'navigation/floorPlan.ts:4:', 'navigation/garden.ts:1:10', 'navigation/garden.ts:3:', 'navigation/geometry.ts:2:17', 'navigation/geometry.ts:10:']) {
        assert.ok(result.includes(place), `${place} in\n${result}`);
      }
      assert.doesNotMatch(result, /hidden\.ts/);
      assert.match(result, /2 result\(s\) outside the workspace or hidden by \.elbowignore not shown/);
      await narrowChatTo(300);
      await webview.click('.tool-card:has-text("reference(s)") .tool-summary');
      await page.screenshot('code-navigation-references-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('code-navigation-references-light');
      await useTheme('Default Dark Modern');
    });

    it('tells the type of a symbol on hover', async () => {
      const result = await navigate({ action: 'hover', path: 'navigation/garden.ts', symbol: 'area', line: 3 });
      assert.match(result, /area\(width: number, height: number\): number/);
      assert.match(result, /The area of a rectangle/);
    });

    it('outlines a file and finds symbols across the workspace', async () => {
      const outline = await navigate({ action: 'document_symbols', path: 'navigation/geometry.ts' });
      assert.match(outline, /^function area line 2$/m);
      assert.match(outline, /^class Rectangle line 6$/m);
      assert.match(outline, /^ {2}method scaled line 13$/m);
      const symbols = await navigate({ action: 'workspace_symbols', query: 'Rectangle' });
      assert.match(symbols, /class Rectangle {2}navigation\/geometry\.ts:6:1$/m);
    });

    it('says when no language server answers, and refuses a file hidden by .elbowignore', async () => {
      const plainText = await navigate({ action: 'definition', path: 'secret-file.txt', line: 1, column: 1 });
      assert.match(plainText, /No language server answered for secret-file\.txt; use search instead/);
      const hidden = await navigate({ action: 'definition', path: 'navigation/hidden.ts', symbol: 'area' });
      assert.match(hidden, /navigation\/hidden\.ts is hidden by \.elbowignore/);
      const missing = await navigate({ action: 'hover', path: 'navigation/geometry.ts', symbol: 'areaOf' });
      assert.match(missing, /"areaOf" was not found in navigation\/geometry\.ts\. Similar names in the file: area/);
    });
  });
}
