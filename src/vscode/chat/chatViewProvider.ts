import * as vscode from 'vscode';
import { fromWebviewSchema, type FromWebview } from '../../protocol/fromWebview';
import type { ToWebview } from '../../protocol/toWebview';
import { createNonce, webviewHtml } from './webviewHtml';

/** The "Elbow" webview view in the activity bar: loads the chat UI and passes validated messages both ways. */
export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewType = 'elbow.chat';
  private view: vscode.WebviewView | undefined;
  private subscriptions: vscode.Disposable[] = [];
  /** The current webview has loaded and asked for the state: messages posted now are received. */
  private ready = false;
  private readyWaiters: Array<() => void> = [];
  private readonly received = new vscode.EventEmitter<FromWebview>();

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

  /** Shows the view (opening the side bar if needed). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
  }

  /** Hands each valid message from the webview to `handle`; a failure is logged and shown to the user. */
  onDidReceiveMessage(handle: (message: FromWebview) => Promise<void>): vscode.Disposable {
    return this.received.event((message) => {
      handle(message).catch((error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        this.log.error(`Handling "${message.type}" from the chat view failed: ${text}`);
        void vscode.window.showErrorMessage(`Elbow: ${text}`);
      });
    });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.received.dispose();
  }

  private onMessage(raw: unknown): void {
    const parsed = fromWebviewSchema.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(`Ignored an invalid message from the chat view: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      return;
    }
    if (parsed.data.type === 'ready') {
      this.ready = true;
      for (const waiter of this.readyWaiters.splice(0)) waiter();
    }
    this.received.fire(parsed.data);
  }
}
