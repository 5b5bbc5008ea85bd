import assert from 'node:assert/strict';
import { countWalk, webviewSinceExtensionStart, type WalkEvent } from '../../../bench/walks/walkCount';

/** ui.ts imports chat.ts, which imports loop.ts, which imports provider.ts; view.ts imports protocol.ts. */
const graph = new Map([
  ['src/ui.ts', ['src/chat.ts']],
  ['src/chat.ts', ['src/loop.ts']],
  ['src/loop.ts', ['src/provider.ts']],
  ['src/provider.ts', []],
  ['src/view.ts', ['src/protocol.ts']],
  ['src/protocol.ts', []],
]);

const enter = (file: string, caller?: string): WalkEvent => (caller === undefined ? { kind: 'enter', file } : { kind: 'enter', file, caller });

describe('counting a walk', () => {
  it('counts files entered on each side, distinct upward calls through any depth of imports, and messages after the first', () => {
    const counts = countWalk(
      {
        extension: [
          enter('src/ui.ts'),
          enter('src/chat.ts', 'src/ui.ts'),
          enter('src/loop.ts', 'src/chat.ts'),
          enter('src/provider.ts', 'src/loop.ts'),
          // A listener in ui.ts called from provider.ts: ui.ts imports provider.ts through two files.
          enter('src/ui.ts', 'src/provider.ts'),
          enter('src/ui.ts', 'src/provider.ts'),
          enter('src/chat.ts', 'src/loop.ts'),
          enter('src/loop.ts', 'src/loop.ts'),
          { kind: 'post', file: 'src/chat.ts', type: 'itemAdded' },
        ],
        webview: [
          enter('src/view.ts'),
          { kind: 'post', file: 'src/view.ts', type: 'send' },
          { kind: 'receive', type: 'itemAdded' },
          enter('src/view.ts'),
          enter('src/view.ts', 'src/protocol.ts'),
          { kind: 'receive', type: 'textDelta' },
        ],
      },
      graph,
    );
    assert.deepEqual(counts.files, { extension: ['src/ui.ts', 'src/chat.ts', 'src/loop.ts', 'src/provider.ts'], webview: ['src/view.ts'] });
    assert.deepEqual(counts.filesEntered, { extension: 4, webview: 1, total: 5 });
    assert.deepEqual(counts.upward, [
      { side: 'extension', caller: 'src/provider.ts', callee: 'src/ui.ts' },
      { side: 'extension', caller: 'src/loop.ts', callee: 'src/chat.ts' },
      { side: 'webview', caller: 'src/protocol.ts', callee: 'src/view.ts' },
    ]);
    assert.deepEqual(counts.messages, ['webview → extension: send', 'extension → webview: itemAdded', 'extension → webview: textDelta']);
    assert.deepEqual(counts.backAndForths, { upward: 3, messages: 2, total: 5 });
  });

  it('counts no back-and-forth for a walk that only goes down and sends one message', () => {
    const counts = countWalk({ extension: [enter('src/ui.ts'), enter('src/chat.ts', 'src/ui.ts')], webview: [{ kind: 'post', file: 'src/view.ts', type: 'send' }] }, graph);
    assert.deepEqual(counts.backAndForths, { upward: 0, messages: 0, total: 0 });
  });

  it('starts the webview part of a walk that starts in the extension at the first message the extension sent since', () => {
    const webview: WalkEvent[] = [
      enter('src/view.ts'),
      { kind: 'post', file: 'src/view.ts', type: 'send' },
      { kind: 'receive', type: 'running' },
      enter('src/protocol.ts'),
      { kind: 'receive', type: 'itemAdded' },
      enter('src/view.ts'),
    ];
    const extension: WalkEvent[] = [enter('src/loop.ts'), { kind: 'post', file: 'src/chat.ts', type: 'itemAdded' }];
    assert.deepEqual(webviewSinceExtensionStart(webview, extension), webview.slice(4));
    assert.deepEqual(webviewSinceExtensionStart(webview, [enter('src/loop.ts')]), []);
  });
});
