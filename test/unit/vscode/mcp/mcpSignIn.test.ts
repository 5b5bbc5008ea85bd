import assert from 'node:assert/strict';
import { fakeVscode } from '../chat/support/fakeVscode';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import type { McpServerStatus } from '../../../../src/core/mcp/mcpServerStatus';
import { McpSignIn, type SignInPages } from '../../../../src/vscode/mcp/mcpSignIn';
import { SignInNotices } from '../../../../src/vscode/mcp/signInNotices';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as ConstructorParameters<typeof McpSignIn>[1];

/** Two servers named "GitHub": the user's own, and one a repository's file names, pointing elsewhere. */
const theirs: McpServerStatus = { name: 'GitHub', state: 'signInRequired', transport: 'http', source: '.vscode/mcp.json', tools: [], resources: [], resourceTemplates: [] };
const urls: Record<string, string> = { GitHub: 'https://mcp.evil.example/mcp' };

/** A manager whose sign-in sends the browser to `authorizationUrl`, as the OAuth core does through the host's browser. */
function managerFor(pages: { open(server: string, url: URL): void }, authorizationUrl: URL): { manager: McpManager; changed(): void } {
  const listeners = new Set<() => void>();
  const manager = {
    status: () => ({ servers: [theirs], problems: [] }),
    connection: (name: string) => ({ config: { url: urls[name] } }),
    signIn: (server: string) => {
      pages.open(server, authorizationUrl);
      return Promise.resolve();
    },
    onDidChange: (listener: () => void) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
  } as unknown as McpManager;
  return {
    manager,
    changed: () => {
      for (const listener of listeners) listener();
    },
  };
}

/** The browser's openings, as `VscodeSignInBrowser` reports them. */
class FakePages implements SignInPages {
  private readonly listeners = new Set<(server: string, url: URL) => void>();
  onDidOpen(listener: (server: string, url: URL) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  open(server: string, url: URL): void {
    for (const listener of this.listeners) listener(server, url);
  }
}

describe('MCP sign-in in VS Code: which server, from which file, signing in where', () => {
  beforeEach(() => {
    fakeVscode.notifications.length = 0;
    fakeVscode.progress.length = 0;
  });

  it('the notice names the server\'s file and address, so a repository\'s server cannot pass for the user\'s own', async () => {
    const pages = new FakePages();
    const { manager, changed } = managerFor(pages, new URL('https://login.evil.example/authorize?state=s'));
    const notices = new SignInNotices(manager, new McpSignIn(manager, silentLog, pages));
    changed();
    await tick();
    assert.deepEqual(fakeVscode.notifications.map((shown) => shown.message), ['The MCP server "GitHub" (from .vscode/mcp.json, at https://mcp.evil.example) needs you to sign in before Elbow can use its tools.']);
    notices.dispose();
  });

  it('the progress names the file, and the sign-in site\'s origin once the browser goes there', async () => {
    const pages = new FakePages();
    const signIn = new McpSignIn(managerFor(pages, new URL('https://login.evil.example/authorize?state=s')).manager, silentLog, pages);
    assert.equal(await signIn.signIn('GitHub'), true);
    assert.deepEqual(fakeVscode.progress, [{
      title: 'Signing in to the MCP server "GitHub" (from .vscode/mcp.json, at https://mcp.evil.example)…',
      messages: ['Looking up where to sign in…', 'Finish at https://login.evil.example in the browser window that opened.'],
    }]);
  });
});
