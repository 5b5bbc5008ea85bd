import * as vscode from 'vscode';
import type { AgentHost } from '../../core/host/host';
import { textTokens } from '../../core/context/tokenEstimate';
import { readMentionedFile, resolveMentionedPath } from '../../core/mentions/mentionedPath';
import { folderListingText, gitChangesText, problemsText, terminalOutputText, type LastCommand, type MentionText } from '../../core/mentions/mentionTexts';
import type { WorkspaceEntry } from '../../core/mentions/workspaceEntries';
import { Workspace } from '../../core/workspace/workspace';
import type { Attachment } from '../../protocol/chatItems';
import type { Mention } from '../../protocol/mentions';
import { attachmentBlock } from '../chat/attachmentContext';
import { readAttachment, selectionAttachment } from '../commands/attachmentCommands';
import { gitWorkingTreeDiff } from './gitWorkingTreeDiff';
import { workspaceProblems } from './workspaceProblems';

export type NewAttachment = Omit<Attachment, 'id'>;

export interface MentionSources {
  host(): Promise<AgentHost>;
  entries(): Promise<readonly WorkspaceEntry[]>;
  lastCommand(): LastCommand | undefined;
}

/**
 * What a chosen mention attaches, sized in tokens as the model will receive it. Problems, the terminal's output,
 * the git changes and a folder's listing are taken now (`snapshot`); a file or selection is read again when sent.
 */
export async function mentionAttachment(mention: Mention, sources: MentionSources): Promise<{ attachment: NewAttachment; snapshot?: string }> {
  const host = await sources.host();
  const workspace = new Workspace(host);
  switch (mention.kind) {
    case 'file':
    case 'folder': return pathAttachment(mention.path ?? '', workspace, host, sources);
    case 'selection': return selection(workspace);
    case 'problems': return snapshotOf({ kind: 'problems', path: 'Problems' }, problemsText(await workspaceProblems(workspace), (path) => workspace.displayPath(path)));
    case 'terminal': {
      const last = sources.lastCommand();
      return snapshotOf({ kind: 'terminal', path: last === undefined ? 'Terminal' : `Terminal: ${last.command}` }, terminalOutputText(last));
    }
    case 'gitChanges': {
      const changes = await gitWorkingTreeDiff();
      if ('unavailable' in changes) return { attachment: { kind: 'gitChanges', path: 'Git changes', problem: changes.unavailable } };
      return snapshotOf({ kind: 'gitChanges', path: 'Git changes' }, gitChangesText(changes.diff), 'files');
    }
    case 'agent': throw new Error('An agent is picked by naming it first in the message; it is not attached.');
    case 'mcpResource':
    case 'mcpResourceTemplate': throw new Error('An MCP resource is read by mcpResourceAttachment.');
  }
}

async function pathAttachment(typed: string, workspace: Workspace, host: AgentHost, sources: MentionSources): Promise<{ attachment: NewAttachment; snapshot?: string }> {
  const resolved = await resolveMentionedPath(workspace, typed);
  if (!resolved.found) return { attachment: { kind: 'file', path: typed, problem: resolved.problem } };
  if (resolved.kind === 'folder') return snapshotOf({ kind: 'folder', path: resolved.shown }, folderListingText(resolved.shown, await sources.entries()), 'entries');
  const read = await readMentionedFile(host.files, resolved.absolute, resolved.shown, resolved.allowed);
  const attachment: NewAttachment = { kind: 'file', path: resolved.shown, uri: vscode.Uri.file(resolved.absolute).toString() };
  if ('problem' in read) return { attachment: { ...attachment, problem: read.problem } };
  return { attachment: sized(attachment, read.text) };
}

async function selection(workspace: Workspace): Promise<{ attachment: NewAttachment }> {
  const editor = vscode.window.activeTextEditor;
  const attachment = selectionAttachment(editor);
  if (attachment === undefined || editor === undefined) return { attachment: { kind: 'selection', path: 'Selection', problem: 'No text is selected in an editor: select some lines first.' } };
  const hidden = await workspace.hiddenPathTest();
  if (editor.document.uri.scheme === 'file' && hidden(editor.document.uri.fsPath, false)) return { attachment: { ...attachment, problem: `${attachment.path} is hidden by .elbowignore, so Elbow cannot attach it.` } };
  return { attachment: sized(attachment, await readAttachment({ ...attachment, id: '' })) };
}

function snapshotOf(attachment: NewAttachment, { text, count }: MentionText, unit?: string): { attachment: NewAttachment; snapshot: string } {
  const detail = unit === undefined ? String(count) : `${count} ${unit}`;
  return { attachment: sized({ ...attachment, detail: attachment.kind === 'terminal' ? undefined : detail }, text), snapshot: text };
}

function sized(attachment: NewAttachment, text: string | undefined): NewAttachment {
  return { ...attachment, tokens: textTokens(attachmentBlock({ attachment: { ...attachment, id: '' }, text })) };
}
