import * as vscode from 'vscode';
import type { ComparedTasks } from './comparedTasks';
import { compareHtml, compareLinkCommands } from './compareHtml';
import { comparisonOf } from './compareModel';

/** How often a panel is drawn again while its tasks run (their tokens change with every reply). */
const redrawMs = 1_000;

/** The Compare panels, one per comparison, each drawn again when its tasks change. */
export class ComparePanels implements vscode.Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();
  private readonly shown = new Map<string, string>();
  private readonly listener: vscode.Disposable;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tasks: ComparedTasks,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.listener = tasks.onDidChange(() => this.scheduleRedraw());
  }

  /** Opens (or brings forward) the panel of a comparison. */
  show(group: string): void {
    const open = this.panels.get(group);
    if (open !== undefined) return open.reveal();
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel('elbow.compare', 'Compare Models', vscode.ViewColumn.Active, {
      enableScripts: false,
      enableCommandUris: Object.values(compareLinkCommands),
      localResourceRoots: [dist, media],
    });
    this.panels.set(group, panel);
    panel.onDidDispose(() => {
      this.panels.delete(group);
      this.shown.delete(group);
    });
    this.draw(group, panel);
  }

  /** Draws again now the panels whose page would change. */
  redraw(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    for (const [group, panel] of this.panels) this.draw(group, panel);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.listener.dispose();
    for (const panel of this.panels.values()) panel.dispose();
  }

  private scheduleRedraw(): void {
    this.timer ??= setTimeout(() => this.redraw(), redrawMs);
  }

  private draw(group: string, panel: vscode.WebviewPanel): void {
    const comparison = comparisonOf(group, this.tasks.list(), Date.now());
    const webview = panel.webview;
    const html = compareHtml(comparison, {
      cspSource: webview.cspSource,
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'compare.css')).toString(),
      codiconsUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'codicons', 'codicon.css')).toString(),
    });
    // Setting the page again loses the focus and scroll: only when it changed.
    if (this.shown.get(group) === html) return;
    this.shown.set(group, html);
    webview.html = html;
    const running = comparison.results.filter((result) => result.live).length;
    panel.title = running > 0 ? `Compare Models (${running} running)` : 'Compare Models';
    if (running > 0) this.scheduleRedraw();
  }
}
