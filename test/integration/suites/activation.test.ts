import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ElbowApi } from '../../../src/extension';

export const extensionId = 'elbow.elbow';

/** What activation leaves for later: the SDKs (the first request, the first MCP server) and the shell parser (the first command). */
const deferredBundles = ['openaiSdk.js', 'anthropicSdk.js', 'mcpSdk.js', 'shellParser.js'];

export function activationTests(): void {
  describe('activation', () => {
    it('is lazy: not active until its view or a command is used, then registers its commands', async () => {
      const extension = vscode.extensions.getExtension<ElbowApi>(extensionId);
      assert.ok(extension, `${extensionId} is loaded`);
      assert.equal(extension.isActive, false, 'not activated at startup');
      const api = await extension.activate();
      assert.equal(extension.isActive, true);
      const commands = await vscode.commands.getCommands(true);
      for (const command of ['elbow.newChat', 'elbow.focusChat', 'elbow.askAboutFile', 'elbow.askAboutSelection', 'elbow.addFileToChat', 'elbow.setApiKey', 'elbow.showLogs']) {
        assert.ok(commands.includes(command), command);
      }

      // VS Code marks when it starts and ends loading the extension's code (whole milliseconds); `activate` follows once
      // VS Code has the extension's context ready. Elbow times loading its code and activate itself, by the clock and in
      // CPU time: on a machine busy with other work the clock counts their time too, the CPU time does not.
      const vscodeMs = markTime(`code/extHost/didLoadExtensionCode/${extensionId}`) - markTime(`code/extHost/willLoadExtensionCode/${extensionId}`) + api.activate.wallMs;
      const { wallMs, cpuMs } = api.activation;
      const loaded = Object.keys(require.cache).filter((file) => file.startsWith(path.join(extension.extensionPath, 'dist') + path.sep)).map((file) => path.basename(file));
      console.log(
        `Elbow activated in ${wallMs.toFixed(1)} ms (CPU ${cpuMs.toFixed(1)} ms), loading its code included, of which activate ${api.activate.wallMs.toFixed(1)} ms; ` +
          `by VS Code's marks ${vscodeMs.toFixed(0)} ms. Bundles loaded: ${loaded.join(', ')}.`,
      );
      assert.deepEqual(loaded.sort(), ['extension.js', 'extensionMain.js'], 'the SDKs, MCP and the shell parser wait until they are needed');

      // The goal, under 50 ms on a quiet machine, is `npm run bench -- activation`'s. Here, where other runs share two
      // cores, a bound that holds is relative to work measured in the same process and moment: loading what activation
      // leaves for later. With everything in one bundle, activation cost 2.7 times that; split, 1.2 times.
      const started = process.cpuUsage();
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loading the bundles is what is measured
      for (const name of deferredBundles) require(path.join(extension.extensionPath, 'dist', name));
      const used = process.cpuUsage(started);
      const deferredCpuMs = (used.user + used.system) / 1000;
      console.log(`Loading what activation leaves for later (${deferredBundles.join(', ')}): CPU ${deferredCpuMs.toFixed(1)} ms.`);
      assert.ok(cpuMs < 2 * deferredCpuMs, `activation took ${cpuMs.toFixed(1)} ms of CPU time, loading its code included: more than twice loading the SDKs (${deferredCpuMs.toFixed(1)} ms)`);
    });
  });
}

/** When VS Code's extension host set a performance mark, in `Date.now()` milliseconds. */
function markTime(name: string): number {
  const marks = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks?.getMarks() ?? [];
  const mark = marks.find((candidate) => candidate.name === name);
  assert.ok(mark, `VS Code's extension host marked ${name}`);
  return mark.startTime;
}
