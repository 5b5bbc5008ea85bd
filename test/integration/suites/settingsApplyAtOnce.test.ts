import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { startWebPageServer, type WebPageServer } from '../../support/webPageServer';
import { openChat, sendPrompt, sleep, startNewChat, stopAndSettle, toolResultsSent, waitUntilIdle } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const pending = '.tool-card[data-approval="pending"]';
const HOSTS = 'elbow.sandbox.allowedHosts';
const DOMAINS = 'elbow.web.allowedDomains';
const OTHER = 'editor.renderWhitespace';
const MODEL = 'elbow.model';

/** The profile's folder: `--user-data-dir` of code-server and of desktop VS Code alike. */
function userDataFolder(): string {
  const folder = process.env.ELBOW_TEST_USER_DATA;
  if (folder === undefined) throw new Error('ELBOW_TEST_USER_DATA is not set: run the suite through scripts/run-vscode-tests.mjs or run-electron-tests.mjs.');
  return folder;
}

const userSettingsFile = (): string => path.join(userDataFolder(), 'User', 'settings.json');
/** A remote window's (code-server's) settings of the machine it runs on; desktop VS Code has none. */
const machineSettingsFile = (): string => path.join(userDataFolder(), 'Machine', 'settings.json');

async function readSettings(file: string): Promise<Record<string, unknown>> {
  const content = await fs.readFile(file, 'utf8').catch(() => '{}');
  return (parse(content) ?? {}) as Record<string, unknown>;
}

/**
 * Edits the User settings as a user does: *Preferences: Open User Settings (JSON)*, change the text,
 * save (Ctrl+S). `undefined` removes the key.
 */
async function editUserSettings(values: Record<string, unknown>): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettingsJson');
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || !editor.document.uri.path.endsWith('/User/settings.json')) throw new Error(`The User settings did not open: ${editor?.document.uri.toString()}`);
  const document = editor.document;
  let content = document.getText();
  for (const [key, value] of Object.entries(values)) {
    content = applyEdits(content, modify(content, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 4 } }));
  }
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  assert.ok(await editor.edit((edit) => edit.replace(whole, content)), 'the settings editor took the edit');
  // Ctrl+S: the workbench saves it (an extension's document.save() is refused for the User settings of a remote window).
  await vscode.commands.executeCommand('workbench.action.files.save');
  assert.equal(document.isDirty, false, 'settings.json was saved');
}

/** Waits until VS Code reports the user's value (the file watcher is not instant), and says whether it did. */
async function userValueArrives(section: string, key: string, expected: unknown, timeoutMs = 10_000): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (JSON.stringify(vscode.workspace.getConfiguration(section).inspect(key)?.globalValue) === JSON.stringify(expected)) return true;
    await sleep(200);
  }
  return false;
}

/** The model the last request to the model server named. */
function lastModel(server: FakeLlmServer): unknown {
  return (server.requests.at(-1)?.body as { model?: unknown } | undefined)?.model;
}

/**
 * A setting applies in the window where the user changes it, from the User settings file the
 * docs name: `elbow.sandbox.allowedHosts` edited there lets the next fetch reach the host, after
 * any other change too, and "Always for this domain" writes that same file.
 */
export function settingsApplyAtOnceTests(server: () => FakeLlmServer): void {
  describe('settings changed in the User settings file', function () {
    this.timeout(120_000);
    let pages: WebPageServer;

    before(async () => {
      pages = await startWebPageServer();
      pages.route('/notes', (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end('<html><head><title>Notes</title></head><body><h1>Release notes</h1><p>Version 2 is out.</p></body></html>'));
      await startNewChat();
      await openChat();
    });
    afterEach(async () => {
      await stopAndSettle(server());
    });
    after(async () => {
      await editUserSettings({ [HOSTS]: undefined, [DOMAINS]: undefined, [OTHER]: undefined, [MODEL]: 'fake-model' });
      const elbow = vscode.workspace.getConfiguration('elbow');
      await elbow.update('sandbox.allowedHosts', undefined, vscode.ConfigurationTarget.Global);
      await elbow.update('web.allowedDomains', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await useTheme('Default Dark Modern');
      await pages.close();
    });

    it('elbow.sandbox.allowedHosts typed into settings.json lets the next fetch reach the host; "Always for this domain" writes the User settings', async () => {
      const hosts = [`127.0.0.1:${pages.port}`];
      await editUserSettings({ [HOSTS]: hosts });
      const arrived = await userValueArrives('elbow', 'sandbox.allowedHosts', hosts);
      const url = `${pages.origin}/notes`;
      server().enqueue({ kind: 'reply', content: [toolCall('fetch_url', { url })] }, { kind: 'reply', content: [text('Done: notes')] });
      await narrowChatTo(300);
      await sendPrompt('Read the release notes');
      await webview.waitFor(`${pending} .approval-title, .item-assistant`, { timeoutMs: 30_000 });
      const asked = await webview.evaluate<number>(`document.querySelectorAll(${JSON.stringify(pending)}).length`);
      assert.equal(asked, 1, `the fetch was not asked about (the user's allowedHosts ${arrived ? 'arrived' : 'never arrived'}): ${toolResultsSent(server())}`);
      await webview.waitFor(`${pending} .approval-title`, { text: 'Read this web page?' });
      await webview.click(`${pending} .approval-always`);
      await webview.waitFor('.item-assistant', { text: 'Done: notes' });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /Release notes/);
      assert.equal(pages.requests.length, 1);
      assert.deepEqual((await readSettings(userSettingsFile()))[DOMAINS], ['127.0.0.1'], 'the domain is in the User settings file');
      assert.equal((await readSettings(machineSettingsFile()))[DOMAINS], undefined, 'nothing went to the Machine settings');
    });

    it('still applies after another change to the User settings: the next fetch reads the page without asking, the next sandboxed command reaches it', async () => {
      await editUserSettings({ [OTHER]: 'all' });
      assert.ok(await userValueArrives('editor', 'renderWhitespace', 'all'), 'the other change arrived');
      const url = `${pages.origin}/notes?again`;
      server().enqueue({ kind: 'reply', content: [toolCall('fetch_url', { url })] }, { kind: 'reply', content: [text('Done: again')] });
      await sendPrompt('Read them again');
      await webview.waitFor('.item-assistant', { text: 'Done: again', timeoutMs: 30_000 });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /Release notes/, toolResultsSent(server()));
      assert.equal(pages.requests.length, 2, 'the page was read a second time');
      assert.equal(await webview.evaluate<number>(`document.querySelectorAll(${JSON.stringify(pending)}).length`), 0, 'nothing was asked');
      // The sandbox's only network is Elbow's proxy; NO_PROXY names 127.0.0.1, so curl is told to use the proxy for it.
      const command = `curl -s --noproxy '' ${pages.origin}/notes?command`;
      server().enqueue({ kind: 'reply', content: [toolCall('run_command', { command })] }, { kind: 'reply', content: [text('Done: command')] });
      await sendPrompt('Fetch them with curl');
      await webview.waitFor(`${pending} .approval-allow`, { timeoutMs: 30_000 });
      await webview.click(`${pending} .approval-allow`);
      await webview.waitFor('.item-assistant', { text: 'Done: command', timeoutMs: 30_000 });
      await waitUntilIdle();
      assert.match(toolResultsSent(server()), /Release notes/, toolResultsSent(server()));
      assert.equal(pages.requests.at(-1)?.url, '/notes?command');
    });

    it('a change saved while a run waits on a question applies to the next message', async () => {
      const url = `http://localhost:${pages.port}/notes`;
      server().enqueue({ kind: 'reply', content: [toolCall('fetch_url', { url })] }, { kind: 'reply', content: [text('Done: denied')] }, { kind: 'reply', content: [text('Done: next')] });
      await sendPrompt('Read them on localhost');
      await webview.waitFor(`${pending} .approval-title`, { text: 'Read this web page?', timeoutMs: 30_000 });
      await editUserSettings({ [MODEL]: 'gpt-4.1' });
      assert.ok(await userValueArrives('elbow', 'model', 'gpt-4.1'), 'the model change arrived');
      await webview.click(`${pending} .approval-deny`);
      await webview.waitFor('.item-assistant', { text: 'Done: denied' });
      await waitUntilIdle();
      assert.equal(lastModel(server()), 'fake-model', 'the run went on with its model');
      await sendPrompt('And now?');
      await webview.waitFor('.item-assistant', { text: 'Done: next', timeoutMs: 30_000 });
      await waitUntilIdle();
      assert.equal(lastModel(server()), 'gpt-4.1', 'the next message uses the model chosen during the run');
    });

    it('shows elbow.sandbox.allowedHosts in the Settings editor, in the User settings', async () => {
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await vscode.commands.executeCommand('workbench.action.openSettings', { query: HOSTS });
      await page.waitFor('.settings-editor .setting-item-contents', { text: 'Allowed Hosts', timeoutMs: 30_000 });
      await sleep(800);
      await page.screenshot('settings-allowed-hosts-dark');
      await useTheme('Default Light Modern');
      await page.screenshot('settings-allowed-hosts-light');
      await useTheme('Default Dark Modern');
    });
  });
}
