import * as vscode from 'vscode';
import type { ApiKeys } from '../apiKeys';
import type { ChatController } from './chatController';
import type { ChatViewProvider } from './chatViewProvider';
import type { CommandHandlers } from '../commands/commandHandlers';
import { fileAttachment, selectionAttachment, targetUri } from '../commands/attachmentCommands';
import { changeModel, setApiKey } from '../commands/modelCommands';
import { showInformation } from '../notifications';

export interface CommandDependencies {
  controller: ChatController;
  view: ChatViewProvider;
  keys: ApiKeys;
}

/** The chat's commands in the palette, menus and keybindings. */
export function chatCommands({ controller, view, keys }: CommandDependencies): CommandHandlers {
  const focusInput = async () => {
    await view.reveal();
    await controller.postFullState();
    controller.focusInput();
  };
  return {
    'elbow.newChat': async () => {
      await view.reveal();
      await controller.history.newChat();
    },
    'elbow.focusChat': focusInput,
    'elbow.showHistory': async () => {
      await view.reveal();
      await controller.history.show();
    },
    'elbow.askAboutFile': async (clicked: unknown) => {
      const uri = targetUri(clicked);
      if (uri === undefined) return void showInformation('Elbow: open a file or pick one in the explorer first.');
      controller.attachments.add(fileAttachment(uri));
      await focusInput();
    },
    'elbow.askAboutSelection': async () => {
      const attachment = selectionAttachment(vscode.window.activeTextEditor);
      if (attachment === undefined) return void showInformation('Elbow: select some text in an editor first.');
      controller.attachments.add(attachment);
      await focusInput();
    },
    'elbow.addFileToChat': async (clicked: unknown, allSelected: unknown) => {
      const uris = Array.isArray(allSelected) && allSelected.every((item) => item instanceof vscode.Uri) ? allSelected : [targetUri(clicked)];
      for (const uri of uris) if (uri !== undefined) controller.attachments.add(fileAttachment(uri));
      await view.reveal();
    },
    'elbow.setApiKey': () => setApiKey(keys),
    'elbow.changeModel': () => changeModel(keys),
    'elbow.stop': () => controller.stop(),
    'elbow.compactConversation': () => controller.compact(),
    'elbow.toggleAutoApprove': () => controller.approvals.setAutoApprove(!controller.approvals.autoApprove),
    'elbow.togglePlanMode': () => controller.planMode.toggle(),
    'elbow.pickAgent': () => controller.agents.choose(),
  };
}
