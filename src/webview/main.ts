/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The chat webview's entry point (bundled to dist/webview/chat.js).
import './zodConfig';
import { toWebviewSchema } from '../protocol/toWebview';
import { ChatApp } from './chatApp';
import { connectToExtension } from './vscodeApi';

function start(): void {
  const extension = connectToExtension();
  const app = new ChatApp(document.getElementById('app') ?? document.body, extension);
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = toWebviewSchema.safeParse(event.data);
    if (!parsed.success) {
      console.warn('Elbow: ignored an invalid message from the extension.', parsed.error.issues);
      return;
    }
    app.receive(parsed.data);
  });
  extension.post({ type: 'ready' });
  app.focusInput();
}

start();
