import * as vscode from 'vscode';
import type { ToWebview } from '../../protocol/toWebview';
import { createNonce, webviewHtml } from './webviewHtml';

/**
 * The "Elbow" webview view in the activity bar: loads the chat UI and passes messages both ways. It is part of what
 * activation loads, so the UI starts loading while the chat's code does; the webview's messages wait for that code.
 */
export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'elbow.chat';
  private view: vscode.WebviewView | undefined;
  private subscriptions: vscode.Disposable[] = [];
  /** The current webview has loaded and asked for the state: messages posted now are received. */
  private ready = false;
  private readyWaiters: Array<() => void> = [];
  private receiver: ((raw: unknown) => void) | undefined;
  /** What the webview sent before the chat's code connected, handed over in order when it does. */
  private early: unknown[] = [];
  private readonly resolved = new vscode.EventEmitter<void>();
  /** Kept for the next webview: VS Code makes a new one when the view is shown again. */
  private badge: vscode.ViewBadge | undefined;
  /** The view is being shown: the chat's code is needed now. */
  readonly onDidResolve = this.resolved.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get isVisible(): boolean {
    return this.view?.visible === true;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    view.badge = this.badge;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [dist, media] };
    const asUri = (...segments: string[]) => view.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...segments)).toString();
    view.webview.html = webviewHtml({
      cspSource: view.webview.cspSource,
      nonce: createNonce(),
      scriptUri: asUri('dist', 'webview', 'chat.js'),
      styleUri: asUri('media', 'chat.css'),
      codiconsUri: asUri('dist', 'codicons', 'codicon.css'),
    });
    // VS Code resolves the view again each time it is shown after being hidden: listeners live as long as this webview.
    const received = view.webview.onDidReceiveMessage((raw: unknown) => this.onMessage(raw));
    const disposed = view.onDidDispose(() => {
      if (this.view === view) {
        this.view = undefined;
        this.ready = false;
      }
      received.dispose();
      disposed.dispose();
      this.subscriptions = this.subscriptions.filter((subscription) => subscription !== received && subscription !== disposed);
    });
    this.subscriptions.push(received, disposed);
    this.resolved.fire();
  }

  post(message: ToWebview): void {
    if (this.view === undefined) return;
    // A hidden webview drops messages; it asks for the whole state again ('ready') when shown.
    this.view.webview.postMessage(message).then(undefined, (error: unknown) => this.log.debug(`Message to the chat view not delivered: ${String(error)}`));
  }

  /** Resolves once the shown webview has loaded (at once when it has), or after `timeoutMs` regardless. */
  whenReady(timeoutMs = 10_000): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The number on the view's icon in the activity bar, and its tooltip; `undefined` removes it. */
  setBadge(badge: vscode.ViewBadge | undefined): void {
    this.badge = badge;
    if (this.view !== undefined) this.view.badge = badge;
  }

  /** Shows the view (opening the side bar if needed). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
  }

  /** The chat's code takes the webview's messages from now on (unchecked: it validates them), those that came earlier first. */
  connect(receive: (raw: unknown) => void): vscode.Disposable {
    this.receiver = receive;
    for (const raw of this.early.splice(0)) receive(raw);
    return new vscode.Disposable(() => {
      if (this.receiver === receive) this.receiver = undefined;
    });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.resolved.dispose();
  }

  private onMessage(raw: unknown): void {
    if (typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'ready') {
      this.ready = true;
      for (const waiter of this.readyWaiters.splice(0)) waiter();
    }
    if (this.receiver === undefined) this.early.push(raw);
    else this.receiver(raw);
  }
}
