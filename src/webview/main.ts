/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The chat webview's entry point (bundled to dist/webview/chat.js).
import './zodConfig';
import { toWebviewSchema } from '../protocol/toWebview';
import { ChatApp } from './chatApp';
import { connectToHost } from './vscodeApi';

function start(): void {
  const host = connectToHost();
  const app = new ChatApp(document.getElementById('app') ?? document.body, host);
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = toWebviewSchema.safeParse(event.data);
    if (!parsed.success) {
      console.warn('Elbow: ignored an invalid message from the extension.', parsed.error.issues);
      return;
    }
    app.receive(parsed.data);
  });
  host.post({ type: 'ready' });
  app.focusInput();
}

start();
