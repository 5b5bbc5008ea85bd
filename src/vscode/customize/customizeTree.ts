import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CustomizationGroup, CustomizationListing, CustomizationRow } from '../../core/customize/customizationListing';
import type { CustomizationProblem } from '../../core/customize/customizationProblem';

/** A node of the Customize view: a kind's group, one customization, the problems, or one problem. */
export type CustomizeNode =
  | { type: 'group'; group: CustomizationGroup }
  | { type: 'row'; row: CustomizationRow }
  | { type: 'problems'; problems: readonly CustomizationProblem[] }
  | { type: 'problem'; problem: CustomizationProblem };

const kindIcons: Record<CustomizationRow['kind'], string> = { skill: 'lightbulb', command: 'symbol-event', agent: 'hubot', hook: 'plug' };

/** The Customize view's contents: what was found, grouped by kind, then the problems; nothing before the first listing (the welcome text shows). */
export class CustomizeTree implements vscode.TreeDataProvider<CustomizeNode>, vscode.Disposable {
  private listing: CustomizationListing | undefined;
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  show(listing: CustomizationListing): void {
    this.listing = listing;
    this.changed.fire(undefined);
  }

  getChildren(node?: CustomizeNode): CustomizeNode[] {
    const { listing } = this;
    if (listing === undefined) return [];
    if (node === undefined) {
      const groups: CustomizeNode[] = listing.groups.filter((group) => group.rows.length > 0).map((group) => ({ type: 'group', group }));
      return listing.problems.length === 0 ? groups : [...groups, { type: 'problems', problems: listing.problems }];
    }
    if (node.type === 'group') return node.group.rows.map((row) => ({ type: 'row', row }));
    if (node.type === 'problems') return node.problems.map((problem) => ({ type: 'problem', problem }));
    return [];
  }

  getTreeItem(node: CustomizeNode): vscode.TreeItem {
    switch (node.type) {
      case 'group': {
        const item = new vscode.TreeItem(node.group.title, vscode.TreeItemCollapsibleState.Expanded);
        const tokens = node.group.rows.filter((row) => row.enabled).reduce((sum, row) => sum + row.tokens, 0);
        item.description = `${node.group.rows.length} · ${tokens} tokens`;
        item.id = `group:${node.group.kind}`;
        return item;
      }
      case 'row':
        return rowItem(node.row);
      case 'problems': {
        const item = new vscode.TreeItem('Problems', vscode.TreeItemCollapsibleState.Expanded);
        item.description = String(node.problems.length);
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
        item.id = 'problems';
        return item;
      }
      case 'problem': {
        const { problem } = node;
        const item = new vscode.TreeItem(`${path.basename(problem.file)}:${problem.line}`);
        item.description = problem.rule;
        item.tooltip = `${problem.file}:${problem.line}: ${problem.rule}`;
        item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
        item.contextValue = 'elbow.customizationProblem';
        const line = Math.max(0, problem.line - 1);
        item.command = { command: 'vscode.open', title: 'Open File', arguments: [vscode.Uri.file(problem.file), { selection: new vscode.Range(line, 0, line, 0) }] };
        return item;
      }
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function rowItem(row: CustomizationRow): vscode.TreeItem {
  const item = new vscode.TreeItem(row.name, vscode.TreeItemCollapsibleState.None);
  const where = row.file === undefined ? 'built-in' : row.origin === 'user' ? 'user' : vscode.workspace.asRelativePath(row.file);
  // What matters most first: a narrow side bar cuts the end.
  item.description = [...(row.trusted ? [] : ['untrusted']), ...(row.enabled ? [] : ['off']), `${row.tokens} tokens`, where].join(' · ');
  item.iconPath = row.trusted && row.enabled ? new vscode.ThemeIcon(kindIcons[row.kind]) : new vscode.ThemeIcon(row.enabled ? 'shield' : 'circle-slash', new vscode.ThemeColor('disabledForeground'));
  const tooltip = new vscode.MarkdownString(undefined, false);
  tooltip.appendText(`${row.name}${row.description === '' ? '' : ` — ${row.description}`}\n\n`);
  tooltip.appendText(`${row.file ?? 'Built into Elbow'}\n\n`);
  tooltip.appendText(`${row.trusted ? 'Trusted' : 'Not trusted: not used until you trust this workspace\'s customizations'} · ${row.enabled ? 'On' : 'Off'} · ${row.tokens} prompt tokens`);
  item.tooltip = tooltip;
  item.accessibilityInformation = { label: `${row.kind} ${row.name}, ${where}, ${row.trusted ? 'trusted' : 'untrusted'}, ${row.enabled ? 'on' : 'off'}, ${row.tokens} tokens` };
  item.contextValue = `elbow.customization.${row.enabled ? 'on' : 'off'}${row.file === undefined ? '' : '.file'}`;
  item.id = `${row.kind}:${row.name}:${row.file ?? ''}`;
  if (row.file !== undefined) item.command = { command: 'vscode.open', title: 'Open File', arguments: [vscode.Uri.file(row.file)] };
  return item;
}
