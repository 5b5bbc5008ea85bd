import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ElbowApi } from '../../../src/extension';

export const extensionId = 'elbow.elbow';

export function activationTests(): void {
  describe('activation', () => {
    it('is lazy: not active until its view or a command is used; activating registers them, and the chat starts when first needed', async () => {
      const extension = vscode.extensions.getExtension<ElbowApi>(extensionId);
      assert.ok(extension, `${extensionId} is loaded`);
      assert.equal(extension.isActive, false, 'not activated at startup');
      const api = await extension.activate();
      assert.equal(extension.isActive, true);
      const commands = await vscode.commands.getCommands(true);
      for (const command of ['elbow.newChat', 'elbow.focusChat', 'elbow.askAboutFile', 'elbow.askAboutSelection', 'elbow.addFileToChat', 'elbow.setApiKey', 'elbow.showLogs']) {
        assert.ok(commands.includes(command), command);
      }

      // Reported, not asserted: `npm run bench -- activation` measures the time. VS Code marks when it starts and ends
      // loading the extension's code (whole milliseconds); `activate` follows once VS Code has the extension's context
      // ready. Elbow times loading its code and activate itself, by the clock and in CPU time.
      const vscodeMs = markTime(`code/extHost/didLoadExtensionCode/${extensionId}`) - markTime(`code/extHost/willLoadExtensionCode/${extensionId}`) + api.activate.wallMs;
      const { wallMs, cpuMs } = api.activation;
      console.log(
        `Elbow activated in ${wallMs.toFixed(1)} ms (CPU ${cpuMs.toFixed(1)} ms), loading its code included, of which activate ${api.activate.wallMs.toFixed(1)} ms; ` +
          `by VS Code's marks ${vscodeMs.toFixed(0)} ms. Bundles loaded: ${loadedBundles(extension.extensionPath).join(', ')}.`,
      );
      assert.deepEqual(loadedBundles(extension.extensionPath), ['extension.js', 'extensionMain.js'], 'the chat, the SDKs, MCP and the shell parser wait until they are needed');

      // What the view's first showing or the first command starts: every command the manifest declares gets its handler.
      const chat = await api.startChat();
      console.log(`Then the chat started in ${chat.time.wallMs.toFixed(1)} ms (CPU ${chat.time.cpuMs.toFixed(1)} ms), loading its code included.`);
      assert.deepEqual(loadedBundles(extension.extensionPath), ['elbowChat.js', 'extension.js', 'extensionMain.js'], 'the SDKs, MCP and the shell parser still wait');
      const declared = (extension.packageJSON as { contributes: { commands: Array<{ command: string }> } }).contributes.commands.map((entry) => entry.command);
      const handledByActivation = ['elbow.showLogs'];
      assert.deepEqual([...chat.commands, ...handledByActivation].sort(), [...declared].sort(), 'the chat handles every declared command that activation does not');
    });
  });
}

/** The file names of the extension's bundles loaded so far. */
function loadedBundles(extensionPath: string): string[] {
  const dist = path.join(extensionPath, 'dist') + path.sep;
  return Object.keys(require.cache)
    .filter((file) => file.startsWith(dist))
    .map((file) => path.basename(file))
    .sort();
}

/** When VS Code's extension host set a performance mark, in `Date.now()` milliseconds. */
function markTime(name: string): number {
  const marks = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks?.getMarks() ?? [];
  const mark = marks.find((candidate) => candidate.name === name);
  assert.ok(mark, `VS Code's extension host marked ${name}`);
  return mark.startTime;
}
