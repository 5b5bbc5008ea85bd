import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ElbowApi } from '../../../src/extension';

export const extensionId = 'elbow.elbow';

export function activationTests(): void {
  describe('activation', () => {
    it('is lazy: not active until its view or a command is used, then registers its commands', async () => {
      const extension = vscode.extensions.getExtension<ElbowApi>(extensionId);
      assert.ok(extension, `${extensionId} is loaded`);
      assert.equal(extension.isActive, false, 'not activated at startup');
      await extension.activate();
      assert.equal(extension.isActive, true);
      const commands = await vscode.commands.getCommands(true);
      for (const command of ['elbow.newChat', 'elbow.focusChat', 'elbow.askAboutFile', 'elbow.askAboutSelection', 'elbow.addFileToChat', 'elbow.setApiKey', 'elbow.showLogs']) {
        assert.ok(commands.includes(command), command);
      }
    });
  });
}
