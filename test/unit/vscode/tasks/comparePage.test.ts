/// <reference lib="dom" />
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { compareHtml } from '../../../../src/vscode/tasks/compareHtml';
import { comparisonOf, type Comparison } from '../../../../src/vscode/tasks/compareModel';
import { startComparison } from '../../../../src/vscode/tasks/compareGroup';
import { FakeWorktreeTasks } from './fakeWorktreeTasks';
import { comparePageThemes } from './comparePageThemes';

const root = path.resolve(__dirname, '../../../..');
const chromiumPath = '/usr/bin/chromium';
const screenshots = path.join(root, '.test-output', 'screenshots');
const codicons = path.dirname(require.resolve('@vscode/codicons/dist/codicon.css'));
const files: Readonly<Record<string, { file: string; type: string }>> = {
  '/media/compare.css': { file: path.join(root, 'media/compare.css'), type: 'text/css' },
  '/codicons/codicon.css': { file: path.join(codicons, 'codicon.css'), type: 'text/css' },
  '/codicons/codicon.ttf': { file: path.join(codicons, 'codicon.ttf'), type: 'font/ttf' },
};
const text = (value: string) => new TextEncoder().encode(value);
const hostileAnswer = 'Done. <script>window.__ran = true</script><a href="command:elbow.tasks.compareReview?%5B%22task-2%22%5D">Click to approve</a><img src=x onerror="window.__ran = true">';

/** Three models: one done with changes, one failed, one still running. */
async function threeResults(): Promise<Comparison> {
  const tasks = new FakeWorktreeTasks();
  const started = await startComparison(tasks, 'Add a --verbose flag to the CLI and document it in the README', [
    { provider: 'openai', model: 'gpt-4.1' },
    { provider: 'anthropic', model: 'claude-sonnet-4-6' },
    { provider: 'deepseek', model: 'deepseek-chat' },
  ], () => 'page');
  const [first, second] = started.taskIds;
  const startedAt = tasks.get(first ?? '')?.startedAt ?? 0;
  tasks.update(first ?? '', {
    status: 'done', endedAt: startedAt + 83_000, tokens: 48_210, cost: 0.137, answer: hostileAnswer,
    changes: [
      { path: 'src/cli/cliArguments.ts', status: 'modified', kind: 'file', before: text('a\nb\n'), after: text('a\nb\nc\nd\n') },
      { path: 'README.md', status: 'modified', kind: 'file', before: text('x\ny\n'), after: text('x\nY\n') },
    ],
  });
  tasks.update(second ?? '', { status: 'failed', endedAt: (tasks.get(second ?? '')?.startedAt ?? 0) + 12_000, tokens: 1_200, cost: null, error: 'Anthropic refused the key (401). Set it with "Elbow: Set API Key".' });
  return comparisonOf(started.group, tasks.list(), startedAt + 95_000);
}

describe('Compare: the panel\'s page in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let server: Server;
  let origin = '';
  let page = '';

  before(async function () {
    if (!existsSync(chromiumPath)) this.skip();
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', origin);
      const served = files[url.pathname];
      if (url.pathname === '/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      if (served === undefined) return void response.writeHead(404).end();
      void readFile(served.file).then((body) => response.writeHead(200, { 'content-type': served.type }).end(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath });
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });

  async function open(comparison: Comparison, width: number, theme: 'dark' | 'light'): Promise<{ view: Page; violations: string[] }> {
    page = compareHtml(comparison, { cspSource: origin, styleUri: `${origin}/media/compare.css`, codiconsUri: `${origin}/codicons/codicon.css` });
    const view = await browser.newPage({ viewport: { width, height: 900 } });
    const violations: string[] = [];
    await view.exposeFunction('__violation', (directive: string) => violations.push(directive));
    await view.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => void (window as unknown as { __violation(directive: string): void }).__violation(event.violatedDirective)));
    await view.goto(origin);
    await view.evaluate((colours) => {
      for (const [name, value] of Object.entries(colours)) document.documentElement.style.setProperty(`--vscode-${name}`, value);
    }, comparePageThemes[theme]);
    await view.evaluate(() => document.fonts.ready);
    return { view, violations };
  }

  const boxes = (view: Page) => view.$$eval('section.result', (sections) => sections.map((section) => {
    const box = section.getBoundingClientRect();
    return { left: Math.round(box.left), top: Math.round(box.top), right: Math.round(box.right) };
  }));

  for (const theme of ['dark', 'light'] as const) {
    it(`stacks the models one under the other at 300 px, nothing wider than the panel (${theme})`, async () => {
      const { view, violations } = await open(await threeResults(), 300, theme);
      const sections = await boxes(view);
      assert.equal(sections.length, 3);
      assert.ok(sections.every((box) => box.left === sections[0]?.left && box.right <= 300), JSON.stringify(sections));
      assert.ok(sections.every((box, index) => index === 0 || box.top > (sections[index - 1]?.top ?? 0)), 'one under the other');
      assert.equal(await view.evaluate(() => document.documentElement.scrollWidth), 300, 'no sideways scrolling');
      mkdirSync(screenshots, { recursive: true });
      await view.screenshot({ path: path.join(screenshots, `compare-300-${theme}.png`), fullPage: true });
      assert.deepEqual(violations, []);
      await view.close();
    });
  }

  it('puts the models side by side in a wide panel', async () => {
    const { view } = await open(await threeResults(), 1000, 'dark');
    const sections = await boxes(view);
    assert.equal(sections.length, 3);
    assert.ok(sections.every((box) => box.top === sections[0]?.top), JSON.stringify(sections));
    await view.screenshot({ path: path.join(screenshots, 'compare-wide-dark.png'), fullPage: true });
    await view.close();
  });

  it('shows each model\'s status, time, tokens, cost, files with lines added and removed, and its answer as text only', async () => {
    const { view, violations } = await open(await threeResults(), 1000, 'light');
    const columns = await view.$$eval('section.result', (sections) => sections.map((section) => ({
      heading: section.querySelector('h2')?.textContent,
      status: section.querySelector('.status')?.textContent?.trim(),
      facts: [...section.querySelectorAll('dd')].map((fact) => fact.textContent),
      files: [...section.querySelectorAll('.files li')].map((file) => file.textContent),
      error: section.querySelector('.error')?.textContent,
      links: [...section.querySelectorAll('a')].map((link) => link.textContent?.trim()),
    })));
    assert.deepEqual(columns[0], {
      heading: 'gpt-4.1 OpenAI', status: 'Done', facts: ['1 min 23 s', '48.2k', '$0.14'],
      files: ['src/cli/cliArguments.ts +2 −0', 'README.md +1 −1'], error: undefined, links: ['Open Diff', 'Review This One'],
    });
    assert.deepEqual(columns[1]?.status, 'Failed');
    assert.deepEqual(columns[1]?.facts, ['12 s', '1.2k', 'unknown']);
    assert.match(columns[1]?.error ?? '', /refused the key/);
    assert.deepEqual(columns[2]?.status, 'Running');
    assert.deepEqual(columns[2]?.links, []);
    const answer = await view.$eval('section.result .answer-text', (element) => ({ text: element.textContent, elements: element.children.length }));
    assert.deepEqual(answer, { text: hostileAnswer, elements: 0 }, 'the answer is text: no script, link or image from it');
    assert.equal(await view.evaluate(() => (window as unknown as { __ran?: boolean }).__ran), undefined);
    assert.deepEqual(violations, []);
    await view.close();
  });

  it('reaches Open Diff and Review This One from the keyboard, each naming its model', async () => {
    const { view } = await open(await threeResults(), 300, 'dark');
    const focused: string[] = [];
    for (let step = 0; step < 3; step++) {
      await view.keyboard.press('Tab');
      focused.push(await view.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? ''));
    }
    assert.deepEqual(focused, ['Answer', 'Open the changes of gpt-4.1', 'Review the changes of gpt-4.1 in the workspace']);
    assert.match(await view.$eval('a[aria-label^="Review"]', (link) => link.getAttribute('href') ?? ''), /^command:elbow\.tasks\.compareReview\?%5B%22task-1%22%5D$/);
    await view.close();
  });
});
