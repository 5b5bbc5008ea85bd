/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FromWebview } from '../../../../src/protocol/fromWebview';
import type { ToWebview } from '../../../../src/protocol/toWebview';
import { startWebviewServer, type WebviewServer } from './webviewServer';

const chromiumPath = '/usr/bin/chromium';

export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
}

/** What the init script adds to the page's window. */
export type HarnessWindow = Window & {
  __posted: unknown[];
  __state: unknown;
  __cspViolations: CspViolation[];
  __syncWaiters: (() => void)[];
  __xss?: unknown;
};

/**
 * Runs before the page's own script: a fake `acquireVsCodeApi` that records what the view posts and keeps its state,
 * a recorder for CSP violations, and a marker message that tells the test when earlier messages were handled.
 * Plain JavaScript text: functions handed to the browser must not carry the helpers tsx adds to compiled code.
 */
function initScript(initialState: unknown): string {
  return `(() => {
  // tsx compiles the callbacks the tests pass to page.evaluate with esbuild's keepNames, which calls __name.
  window.__name = (target) => target;
  window.__posted = [];
  window.__state = ${JSON.stringify(initialState) ?? 'undefined'};
  window.__cspViolations = [];
  window.__syncWaiters = [];
  window.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
  }, true);
  // At the target, capturing listeners run first: the marker never reaches the page's own listener.
  window.addEventListener('message', (event) => {
    if (typeof event.data !== 'object' || event.data === null || !('__harnessSync' in event.data)) return;
    event.stopImmediatePropagation();
    const waiter = window.__syncWaiters.shift();
    if (waiter) waiter();
  }, true);
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi may only be called once');
    acquired = true;
    return {
      postMessage: (message) => window.__posted.push(JSON.parse(JSON.stringify(message))),
      getState: () => window.__state,
      setState: (state) => { window.__state = JSON.parse(JSON.stringify(state)); },
    };
  };
})();`;
}

/** One chat page in a fresh browser context. */
export class ChatView {
  /** Uncaught exceptions and console errors. */
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  /** Requests for anything but the loopback server, refused (a webview must not reach out by itself). */
  readonly blockedRequests: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
      if (message.type() === 'warning') this.warnings.push(message.text());
    });
  }

  /** Posts messages as the extension would, and returns once the page has handled them. */
  async deliver(...messages: ToWebview[]): Promise<void> {
    await this.deliverRaw(...messages);
  }

  /** Like `deliver`, for messages the extension should never send. */
  async deliverRaw(...messages: unknown[]): Promise<void> {
    await this.page.evaluate((all) => new Promise<void>((resolve) => {
      for (const message of all) window.postMessage(message, '*');
      (window as unknown as HarnessWindow).__syncWaiters.push(resolve);
      window.postMessage({ __harnessSync: true }, '*');
    }), messages);
  }

  async posted(): Promise<FromWebview[]> {
    return this.page.evaluate(() => (window as unknown as HarnessWindow).__posted as FromWebview[]);
  }

  async postedOfType<T extends FromWebview['type']>(type: T): Promise<Extract<FromWebview, { type: T }>[]> {
    return (await this.posted()).filter((message): message is Extract<FromWebview, { type: T }> => message.type === type);
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as HarnessWindow).__posted = [];
    });
  }

  async state(): Promise<unknown> {
    return this.page.evaluate(() => (window as unknown as HarnessWindow).__state);
  }

  async cspViolations(): Promise<CspViolation[]> {
    return this.page.evaluate(() => (window as unknown as HarnessWindow).__cspViolations);
  }

  /** Waits until rendering scheduled for the next animation frame has happened. */
  async nextFrame(): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }
}

/** One Chromium and one loopback server for all the webview tests; a fresh context per page. */
export class ChatViewHarness {
  private readonly contexts: BrowserContext[] = [];

  private constructor(private readonly browser: Browser, readonly server: WebviewServer) {}

  static async start(): Promise<ChatViewHarness> {
    if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: the webview tests need Debian's chromium package.`);
    const server = await startWebviewServer();
    try {
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      return new ChatViewHarness(browser, server);
    } catch (error) {
      await server.close();
      throw error;
    }
  }

  /** Opens the chat page and waits for it to say `ready`. */
  async open(options: { state?: unknown; width?: number; height?: number } = {}): Promise<ChatView> {
    const context = await this.browser.newContext({ viewport: { width: options.width ?? 420, height: options.height ?? 700 } });
    this.contexts.push(context);
    const page = await context.newPage();
    // Fail fast, naming the element or condition, rather than at mocha's timeout.
    page.setDefaultTimeout(5_000);
    await page.addInitScript({ content: initScript(options.state) });
    const view = new ChatView(page);
    const origin = new URL(this.server.origin).origin;
    await context.route((url) => url.origin !== origin, async (route) => {
      view.blockedRequests.push(route.request().url());
      await route.abort('blockedbyclient');
    });
    await page.goto(this.server.origin);
    await page.waitForFunction(() => (window as unknown as HarnessWindow).__posted.some((message) => (message as { type?: unknown }).type === 'ready'));
    return view;
  }

  async closePages(): Promise<void> {
    await Promise.all(this.contexts.splice(0).map((context) => context.close()));
  }

  async stop(): Promise<void> {
    await this.closePages();
    await this.browser.close();
    await this.server.close();
  }
}
