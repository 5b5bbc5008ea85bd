/**
 * Acts on the page as the user: the test runner (scripts/run-vscode-tests.mjs) holds the
 * browser and answers these requests on a loopback port.
 */
async function drive<T = Record<string, unknown>>(action: string, body: object = {}): Promise<T> {
  const base = process.env.ELBOW_TEST_DRIVER;
  if (base === undefined) throw new Error('ELBOW_TEST_DRIVER is not set: run the suite through scripts/run-vscode-tests.mjs.');
  const response = await fetch(`${base}/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`driver ${action} ${JSON.stringify(body)}: ${answer.error ?? response.status}`);
  return answer;
}

export const webview = {
  click: (selector: string) => drive('webview/click', { selector }),
  hover: (selector: string) => drive('webview/hover', { selector }),
  fill: (selector: string, text: string) => drive('webview/fill', { selector, text }),
  type: (selector: string, text: string) => drive('webview/type', { selector, text }),
  press: (selector: string, key: string) => drive('webview/press', { selector, key }),
  waitFor: (selector: string, options: { text?: string; state?: 'visible' | 'hidden' | 'attached' | 'detached'; timeoutMs?: number } = {}) => drive('webview/waitFor', { selector, ...options }),
  /** Evaluates a JavaScript expression in the chat webview's document and returns its (JSON) value. */
  evaluate: async <T>(expression: string): Promise<T> => (await drive<{ value: T }>('webview/eval', { expression })).value,
};

export const page = {
  waitFor: (selector: string, options: { text?: string; state?: 'visible' | 'hidden'; timeoutMs?: number } = {}) => drive('page/waitFor', { selector, ...options }),
  click: (selector: string, text?: string, button: 'left' | 'right' = 'left') => drive('page/click', { selector, text, button }),
  /** Clicks the `index`-th element (0 = topmost on screen) matching the selector. */
  clickNth: (selector: string, index: number) => drive('page/click', { selector, index }),
  type: (text: string) => drive('keyboard/type', { text }),
  press: (key: string) => drive('keyboard/press', { key }),
  screenshot: (name: string) => drive('screenshot', { name }),
  /** Drags the right edge of the element (e.g. `.part.sidebar`) by `dx` px, as the user drags its sash. */
  dragRightEdge: (selector: string, dx: number) => drive('page/dragRightEdge', { selector, dx }),
  /** Closes every browser tab but the workbench; gives the addresses they showed. */
  closeOtherTabs: async (): Promise<string[]> => (await drive<{ closed: string[] }>('page/closeOtherTabs')).closed,
  /** How many elements of the workbench match the selector (and contain `text`). */
  count: async (selector: string, text?: string): Promise<number> => (await drive<{ count: number }>('page/count', { selector, text })).count,
  /** The addresses of all browser tabs, the workbench's first. */
  tabs: async (): Promise<string[]> => (await drive<{ tabs: string[] }>('page/tabs')).tabs,
};
