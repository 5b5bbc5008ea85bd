import * as vscode from 'vscode';
import { BASELINE_SCHEME, BaselineDocuments } from '../review/baselineDocuments';
import { DocumentWriter } from '../review/documentWriter';
import { ReviewActions } from '../review/reviewActions';
import { ReviewCodeLens } from '../review/reviewCodeLens';
import type { CommandHandlers } from '../commands/commandHandlers';
import { reviewCommands, watchPendingChangesContext } from '../review/reviewCommands';
import { ReviewDecorations } from '../review/reviewDecorations';
import { ReviewManager } from '../review/reviewManager';

export interface Review {
  /** Writes the agent's changes through the editor. */
  writer: DocumentWriter;
  manager: ReviewManager;
  actions: ReviewActions;
  commands: CommandHandlers;
}

/** Review of the agent's changes in the editor: hunk decorations, code lenses, baseline diffs and the review commands. */
export function buildReview(context: vscode.ExtensionContext): Review {
  const writer = new DocumentWriter();
  const manager = new ReviewManager(writer);
  const actions = new ReviewActions(manager);
  const codeLens = new ReviewCodeLens(manager);
  const baselines = new BaselineDocuments(manager);
  context.subscriptions.push(
    manager,
    new ReviewDecorations(manager),
    codeLens,
    baselines,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, codeLens),
    vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, baselines),
    ...watchPendingChangesContext(manager),
  );
  return { writer, manager, actions, commands: reviewCommands(manager, actions) };
}
