import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { text, toolCall, type FakeLlmServer } from '../../support/fakeLlmServer';
import { ProtectedMcpServer } from '../../support/oauth/protectedMcpServer';
import { TestAuthorizationServer } from '../../support/oauth/testAuthorizationServer';
import { setApiKeyAndClearToasts } from '../support/apiKey';
import { openChat, sendPromptAndWaitForReply, sleep, startNewChat, stopAndSettle, toolResultsSent } from '../support/chat';
import { page, webview } from '../support/driver';
import { narrowChatTo, useTheme } from '../support/viewLayout';

const server = '#mcp .mcp-server[data-server="tracker"]';
const signInNotice = '.notifications-center .notification-list-item';
/** The notice names the server's file and address, so a repository's server of the same name reads as another. */
const signInNoticeText = 'The MCP server "tracker" (from ~/.elbow/mcp.json, at http://127.0.0.1:';

/** The user's own MCP file (the suites' home is a throwaway folder): its servers start without a question. */
const userConfig = (): string => path.join(os.homedir(), '.elbow', 'mcp.json');

async function showPanel(): Promise<void> {
  await vscode.commands.executeCommand('elbow.mcp.showServers');
  await webview.waitFor(`${server} .mcp-server-name`, { timeoutMs: 10_000 });
}

/** The notifications saying the server needs a sign-in, as the notification centre lists them; `shown`: one is awaited first. */
async function signInNotices(shown = false): Promise<number> {
  await vscode.commands.executeCommand('notifications.showList');
  await page.waitFor('.notifications-center');
  if (shown) await page.waitFor(signInNotice, { text: signInNoticeText, timeoutMs: 10_000 });
  else await sleep(500);
  const count = await page.count(signInNotice, signInNoticeText);
  await vscode.commands.executeCommand('notifications.hideList');
  return count;
}

/** Asks the model for the server's tool and waits for its answer; gives what the tool returned to the model. */
async function useWhoami(llm: FakeLlmServer, reply: string): Promise<string> {
  llm.enqueue(
    { kind: 'reply', content: [toolCall('mcp__tracker__whoami', {})] },
    { kind: 'reply', content: [text(reply)] },
  );
  await sendPromptAndWaitForReply('Who am I on the tracker?', reply);
  return toolResultsSent(llm);
}

/**
 * A remote MCP server behind OAuth, signed in to through the real UI: the panel's Sign in opens the
 * authorization server in the browser (a tab of the test's Chromium), which redirects back to VS Code's
 * URI handler (code-server's /callback page); the token refreshes unseen once it expires; Sign out
 * revokes it and forgets it.
 */
export function mcpSignInTests(llm: () => FakeLlmServer): void {
  describe('MCP sign-in', function () {
    this.timeout(60_000);
    let authorization: TestAuthorizationServer;
    let mcp: ProtectedMcpServer;

    before(async () => {
      authorization = await new TestAuthorizationServer().start('::1');
      mcp = await new ProtectedMcpServer(authorization).start();
      await startNewChat();
      await openChat();
      // Before the server appears: where an earlier conversation started servers, it starts (and is refused) at once.
      await setApiKeyAndClearToasts();
      await fs.mkdir(path.dirname(userConfig()), { recursive: true });
      await fs.writeFile(userConfig(), `${JSON.stringify({ mcpServers: { tracker: { url: mcp.url, alwaysAllow: ['whoami'] } } }, null, 2)}\n`);
    });
    afterEach(async () => {
      // A test that failed with the panel open would leave the prompt box under it.
      if (await webview.evaluate<boolean>(`document.querySelector('#mcp-close')?.checkVisibility() === true`)) await webview.click('#mcp-close');
      await stopAndSettle(llm());
    });
    after(async () => {
      await fs.rm(userConfig(), { force: true });
      await vscode.commands.executeCommand('notifications.clearAll');
      await page.closeOtherTabs();
      await mcp?.close();
      await authorization?.close();
    });

    it('shows "Sign-in required" with a Sign in button once a chat needs the server, and says so once', async () => {
      llm().enqueue({ kind: 'reply', content: [text('No tracker yet.')] });
      await sendPromptAndWaitForReply('Start the servers', 'No tracker yet.');
      await showPanel();
      await webview.waitFor(`${server}[data-state="signInRequired"] .mcp-server-status`, { text: 'Sign-in required', timeoutMs: 20_000 });
      await webview.waitFor(`${server} .mcp-server-error`, { text: 'Sign in with its Sign in button' });
      await webview.waitFor(`${server} .mcp-server-sign-in`);
      assert.ok(mcp.count('mcp:401') >= 1, 'the server refused Elbow without a token');
      assert.equal(authorization.count('authorize'), 0, 'nothing opened the browser unasked');

      const width = await narrowChatTo(300);
      assert.ok(width <= 300 && width >= 200, `the chat is ${width} px wide`);
      const fits = await webview.evaluate<boolean>(`(() => {
        const button = document.querySelector('${server} .mcp-server-sign-in').getBoundingClientRect();
        return button.width > 0 && button.right <= document.documentElement.clientWidth;
      })()`);
      assert.ok(fits, 'the Sign in button is whole at 300 px');
      await useTheme('Default Light Modern');
      await page.screenshot('mcp-sign-in-light');
      await useTheme('Default Dark Modern');
      await page.screenshot('mcp-sign-in');

      // A second turn that finds it still refusing says nothing new.
      llm().enqueue({ kind: 'reply', content: [text('Still no tracker.')] });
      await webview.click('#mcp-close');
      await sendPromptAndWaitForReply('Again', 'Still no tracker.');
      assert.equal(await signInNotices(true), 1, 'one notification for the server, with a Sign in action');
      await vscode.commands.executeCommand('notifications.clearAll');
    });

    it('signs in through the browser from the panel, and a chat uses the server\'s tool', async () => {
      await showPanel();
      // The keyboard reaches the button as the mouse does.
      await webview.press(`${server} .mcp-server-sign-in`, 'Enter');
      await webview.waitFor(`${server}[data-state="connected"] .mcp-server-account[data-account="signedIn"] .mcp-server-sign-out`, { timeoutMs: 30_000 });
      await webview.waitFor(`${server} .mcp-server-account-text`, { text: 'Signed in' });
      assert.equal(authorization.count('register'), 1, 'registered itself (dynamic client registration)');
      assert.equal(authorization.count('authorize'), 1, 'the browser went to the authorization server once');
      assert.equal(authorization.count('token:authorization_code'), 1, 'exchanged the code once');
      const tabs = await page.closeOtherTabs();
      assert.ok(tabs.some((tab) => new URL(tab).pathname.endsWith('/callback')), `the browser came back to VS Code's callback page: ${tabs.join(', ')}`);
      await webview.click('#mcp-close');

      assert.match(await useWhoami(llm(), 'You are the test user.'), /subject=test-user scope=mcp:tools mcp:read/);
      assert.ok(mcp.authorizations.every((header) => header.startsWith('Bearer at_')), 'only its own tokens reached the server');
    });

    it('refreshes an expired token without asking', async () => {
      authorization.grants.expireAll();
      const notices = await signInNotices();
      assert.match(await useWhoami(llm(), 'Still you.'), /subject=test-user/);
      assert.equal(authorization.count('token:refresh_token'), 1, 'one refresh');
      assert.equal(authorization.count('authorize'), 1, 'no second trip to the browser');
      assert.equal(await signInNotices(), notices, 'no notification');
      assert.deepEqual(await page.closeOtherTabs(), [], 'no tab opened');
    });

    it('signs out: the token is revoked and forgotten, and the server waits for a sign-in without retrying', async () => {
      await showPanel();
      const tokens = [...authorization.grants.tokens.values()].filter((token) => !token.revoked).length;
      assert.ok(tokens > 0);
      await webview.click(`${server} .mcp-server-sign-out`);
      await webview.waitFor(`${server}[data-state="signInRequired"] .mcp-server-sign-in`, { timeoutMs: 20_000 });
      assert.ok(authorization.count('revoke') >= 1, 'the authorization server was asked to revoke');
      assert.equal([...authorization.grants.tokens.values()].filter((token) => !token.revoked).length, 0, 'no live token is left');
      await vscode.commands.executeCommand('notifications.showList');
      await page.waitFor('.notifications-center .notification-list-item', { text: 'Signed out of the MCP server "tracker". The authorization server at', timeoutMs: 10_000 });
      await vscode.commands.executeCommand('notifications.hideList');

      // Forgotten, not only revoked: a restart sends no token at all.
      const sent = mcp.authorizations.length;
      await webview.click(`${server} .mcp-server-restart`);
      await webview.waitFor(`${server}[data-state="signInRequired"]`, { timeoutMs: 20_000 });
      assert.equal(mcp.authorizations.length, sent, 'no Authorization header after signing out');
      const refused = mcp.count('mcp:401');
      await sleep(2_000);
      assert.equal(mcp.count('mcp:401'), refused, 'not retried on its own');
      assert.equal(await signInNotices(), 0, 'signing out is no news');
      await webview.click('#mcp-close');
    });

    it('signs in from the palette, lists the server in the Accounts menu, and signs out from there', async () => {
      await page.press('F1');
      await page.waitFor('.quick-input-widget');
      await page.type('Elbow: Sign In to MCP Server');
      await page.click('.quick-input-widget .monaco-list-row', 'Elbow: Sign In to MCP Server');
      // The only server that signs in is taken without a question.
      await showPanel();
      await webview.waitFor(`${server}[data-state="connected"] .mcp-server-sign-out`, { timeoutMs: 30_000 });
      assert.equal(authorization.count('authorize'), 2, 'a second trip to the browser');
      await page.closeOtherTabs();

      await page.click('.activitybar .action-label[aria-label^="Accounts"]');
      await page.click('.monaco-menu .action-label', 'tracker (Elbow MCP Servers)');
      // The submenu opens on the click and again on hover: a click at once may meet the one that goes away.
      await page.waitFor('.monaco-menu .action-label', { text: 'Sign Out' });
      await sleep(500);
      await page.click('.monaco-menu .action-label', 'Sign Out');
      // VS Code confirms it with a dialog, which a window under test answers Yes by itself.
      await webview.waitFor(`${server}[data-state="signInRequired"] .mcp-server-sign-in`, { timeoutMs: 20_000 });
      assert.equal([...authorization.grants.tokens.values()].filter((token) => !token.revoked).length, 0, 'revoked right after signing in, before any refresh');
      await webview.click('#mcp-close');
    });
  });
}
