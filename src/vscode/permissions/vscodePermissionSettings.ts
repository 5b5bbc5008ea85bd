import * as vscode from 'vscode';
import type { CommandPermissions, PermissionSettings } from '../../core/host/approvals';
import { strings } from '../settingScopes';
import { narrowingList, readSandboxSettings, userSetting } from '../settings';

const ALLOW = 'commands.allow';
const WEB_DOMAINS = 'web.allowedDomains';

/**
 * The permission settings from VS Code's settings: the user's allow rules (a repository's
 * settings never allow a command), deny rules of the user and the workspace together, and the
 * conversation's auto-approve switch. "Always allow" adds to the user's allow list.
 */
export class VscodePermissionSettings implements PermissionSettings {
  constructor(private readonly autoApprove: () => boolean) {}

  current(): CommandPermissions {
    return {
      allow: trimmed(strings(userSetting<unknown>('commands.allow'))),
      deny: narrowingList('commands.deny'),
      autoApprove: this.autoApprove(),
      allowWritesOutsideWorkspace: userSetting<boolean>('files.allowWritesOutsideWorkspace') === true,
      autoApproveReadOnlyMcpTools: userSetting<boolean>('mcp.autoApproveReadOnlyTools') === true,
      protectedPaths: readSandboxSettings().protectedPaths,
      allowedWebDomains: userDomains(),
    };
  }

  /** "Always for this domain": to the user's own settings, the only ones that count. */
  async addAllowedWebDomain(domain: string): Promise<void> {
    const current = userDomains();
    if (current.includes(domain)) return;
    await vscode.workspace.getConfiguration('elbow').update(WEB_DOMAINS, [...current, domain], vscode.ConfigurationTarget.Global);
  }

  async addAllowRules(prefixes: readonly string[]): Promise<void> {
    const current = strings(userSetting<unknown>('commands.allow'));
    const added = prefixes.filter((prefix) => !current.includes(prefix));
    if (added.length === 0) return;
    await vscode.workspace.getConfiguration('elbow').update(ALLOW, [...current, ...added], vscode.ConfigurationTarget.Global);
  }
}

function trimmed(rules: readonly string[]): string[] {
  return [...new Set(rules.map((rule) => rule.trim()).filter((rule) => rule !== ''))];
}

/** A cloned repository's settings must never pre-approve a domain, trusted or not. */
function userDomains(): string[] {
  return strings(userSetting<unknown>('web.allowedDomains')).map((domain) => domain.trim().toLowerCase()).filter((domain) => domain !== '');
}
