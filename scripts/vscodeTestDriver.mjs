// A loopback HTTP endpoint through which the integration tests (running in VS Code's extension
// host) act on the page as a user would: real key presses and clicks in the workbench and in
// the chat webview's nested iframe, DOM reads, and screenshots. POST JSON, answer JSON.
import * as http from 'node:http';
import * as path from 'node:path';

/** Whether the frame and every iframe element around it are shown (a hidden webview stays loaded but barely renders). */
async function isShown(frame) {
  for (let current = frame; current.parentFrame(); current = current.parentFrame()) {
    if (!(await (await current.frameElement()).isVisible())) return false;
  }
  return true;
}

/** The chat webview's frame: the shown one whose document has the prompt box. */
async function chatFrame(page, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      try {
        if ((await frame.$('#prompt')) && (await isShown(frame))) return frame;
      } catch {
        // Detached while looking: try the next.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The Elbow chat webview was not found in the page.');
}

const actions = {
  async screenshot(page, { name }, options) {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`bad screenshot name ${name}`);
    const file = path.join(options.screenshotDir, `${name}.png`);
    await page.screenshot({ path: file });
    return { file };
  },
  async 'webview/eval'(page, { expression }) {
    const frame = await chatFrame(page);
    return { value: await frame.evaluate(expression) };
  },
  async 'webview/click'(page, { selector }) {
    await (await chatFrame(page)).click(selector, { timeout: 10_000 });
    return {};
  },
  async 'webview/hover'(page, { selector }) {
    await (await chatFrame(page)).hover(selector, { timeout: 10_000 });
    return {};
  },
  async 'webview/fill'(page, { selector, text }) {
    await (await chatFrame(page)).fill(selector, text, { timeout: 10_000 });
    return {};
  },
  async 'webview/type'(page, { selector, text }) {
    const frame = await chatFrame(page);
    await frame.focus(selector);
    await page.keyboard.type(text);
    return {};
  },
  async 'webview/press'(page, { selector, key }) {
    await (await chatFrame(page)).press(selector, key, { timeout: 10_000 });
    return {};
  },
  async 'webview/waitFor'(page, { selector, text, state = 'visible', timeoutMs = 20_000 }) {
    const frame = await chatFrame(page, timeoutMs);
    const locator = text === undefined ? frame.locator(selector).first() : frame.locator(selector, { hasText: text }).first();
    try {
      await locator.waitFor({ state, timeout: timeoutMs });
    } catch (error) {
      // What the chat showed instead says more than the timeout.
      const shown = await frame.evaluate("document.querySelector('#messages')?.innerText.slice(-600) ?? '(no #messages)'").catch(() => '(unreadable)');
      throw new Error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}\nThe chat ended with:\n${shown}`, { cause: error });
    }
    return {};
  },
  async 'keyboard/type'(page, { text }) {
    await page.keyboard.type(text);
    return {};
  },
  async 'keyboard/press'(page, { key }) {
    await page.keyboard.press(key);
    return {};
  },
  /** The addresses of every tab of the browser, the workbench first. */
  async 'page/tabs'(page) {
    return { tabs: page.context().pages().map((tab) => tab.url()) };
  },
  /** Closes every tab but the workbench (e.g. a page the extension opened in the browser), giving their last addresses. */
  async 'page/closeOtherTabs'(page) {
    const others = page.context().pages().filter((tab) => tab !== page);
    const closed = others.map((tab) => tab.url());
    await Promise.all(others.map((tab) => tab.close()));
    return { closed };
  },
  /** How many elements of the workbench match the selector (`text`: those containing it). */
  async 'page/count'(page, { selector, text }) {
    return { count: await (text === undefined ? page.locator(selector) : page.locator(selector, { hasText: text })).count() };
  },
  async 'page/waitFor'(page, { selector, text, state = 'visible', timeoutMs = 20_000 }) {
    const locator = text === undefined ? page.locator(selector).first() : page.locator(selector, { hasText: text }).first();
    await locator.waitFor({ state, timeout: timeoutMs });
    return {};
  },
  /** `index`: the n-th match from the top of the page (e.g. the second hunk's CodeLens), else the first in document order. */
  async 'page/click'(page, { selector, text, button = 'left', index }) {
    const matches = text === undefined ? page.locator(selector) : page.locator(selector, { hasText: text });
    let locator = matches.first();
    if (index !== undefined) {
      await matches.first().waitFor({ timeout: 10_000 });
      const tops = await matches.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      const order = tops.map((top, position) => ({ top, position })).sort((first, second) => first.top - second.top);
      const chosen = order[index];
      if (chosen === undefined) throw new Error(`Only ${tops.length} elements match ${selector}; wanted the one at index ${index}.`);
      locator = matches.nth(chosen.position);
    }
    await locator.click({ button, timeout: 10_000 });
    return {};
  },
  /** Drags the right edge of the first element matching `selector` (a part's sash) `dx` pixels, as the user resizes it. */
  async 'page/dragRightEdge'(page, { selector, dx }) {
    const box = await page.locator(selector).first().boundingBox();
    if (box === null) throw new Error(`${selector} is not shown.`);
    const x = box.x + box.width;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 8 });
    await page.mouse.up();
    return {};
  },
};

export function startDriver(options) {
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      const name = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1);
      const action = actions[name];
      const page = options.page();
      let status = 200;
      let body;
      try {
        if (request.method !== 'POST' || !action) throw Object.assign(new Error(`unknown action ${request.method} ${name}`), { status: 404 });
        if (!page) throw new Error('the browser page is not open yet');
        body = await action(page, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'), options);
      } catch (error) {
        status = error.status ?? 500;
        body = { error: error instanceof Error ? error.message : String(error) };
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
