import type { McpServerInfo } from '../protocol/mcpServers';
import { codicon, h } from './dom';
import type { ExtensionLink } from './vscodeApi';

/** A remote server's sign-in under its name: "Sign in" while it needs one, "Signed in" and "Sign out" while it holds tokens. */
export class McpAccountRow {
  readonly element: HTMLDivElement;
  private readonly text = h('span', { className: 'mcp-server-account-text' });
  private readonly signIn: HTMLButtonElement;
  private readonly signOut: HTMLButtonElement;

  constructor(name: string, extension: ExtensionLink) {
    this.signIn = h('button', {
      className: 'mcp-server-sign-in primary-button',
      attributes: { type: 'button', title: `Sign in to ${name} in the browser`, 'aria-label': `Sign in to ${name}` },
    }, [codicon('sign-in'), h('span', { className: 'button-text', text: 'Sign in' })]);
    this.signOut = h('button', {
      className: 'mcp-server-sign-out secondary-button',
      attributes: { type: 'button', title: `Revoke and forget Elbow's tokens for ${name}`, 'aria-label': `Sign out of ${name}` },
    }, [codicon('sign-out'), h('span', { className: 'button-text', text: 'Sign out' })]);
    this.element = h('div', { className: 'mcp-server-account', hidden: true }, [this.text, this.signIn, this.signOut]);
    this.signIn.addEventListener('click', () => extension.post({ type: 'mcpSignIn', server: name }));
    this.signOut.addEventListener('click', () => extension.post({ type: 'mcpSignOut', server: name }));
  }

  update(server: McpServerInfo): void {
    const needsSignIn = server.state === 'signInRequired';
    const signedIn = !needsSignIn && server.signedIn === true && server.state !== 'disabled';
    this.element.hidden = !needsSignIn && !signedIn;
    this.element.dataset.account = needsSignIn ? 'signInRequired' : signedIn ? 'signedIn' : 'none';
    this.text.textContent = signedIn ? 'Signed in' : '';
    this.text.hidden = !signedIn;
    this.signIn.hidden = !needsSignIn;
    this.signOut.hidden = !signedIn;
  }
}
