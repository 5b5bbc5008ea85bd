import * as vscode from 'vscode';
import type { CommandPermissions, PermissionSettings } from '../../core/host/approvals';
import { readSandboxSettings } from '../settings';

const ALLOW = 'commands.allow';
const DENY = 'commands.deny';
const WEB_DOMAINS = 'web.allowedDomains';

/**
 * The permission settings from VS Code's settings: allow and deny rules of the user and the
 * workspace together (a workspace's own rules only count once the user trusts it), and the
 * conversation's auto-approve switch. "Always allow" adds to the user's allow list.
 */
export class VscodePermissionSettings implements PermissionSettings {
  constructor(private readonly autoApprove: () => boolean) {}

  current(): CommandPermissions {
    const configuration = vscode.workspace.getConfiguration('elbow');
    return {
      allow: rulesOf(configuration, ALLOW),
      deny: rulesOf(configuration, DENY, true),
      autoApprove: this.autoApprove(),
      allowWritesOutsideWorkspace: configuration.get<boolean>('files.allowWritesOutsideWorkspace', false),
      autoApproveReadOnlyMcpTools: configuration.get<boolean>('mcp.autoApproveReadOnlyTools', false),
      protectedPaths: readSandboxSettings().protectedPaths,
      allowedWebDomains: userDomains(configuration),
    };
  }

  /** "Always for this domain": to the user's own settings, the only ones that count. */
  async addAllowedWebDomain(domain: string): Promise<void> {
    const configuration = vscode.workspace.getConfiguration('elbow');
    const current = userDomains(configuration);
    if (current.includes(domain)) return;
    await configuration.update(WEB_DOMAINS, [...current, domain], vscode.ConfigurationTarget.Global);
  }

  async addAllowRules(prefixes: readonly string[]): Promise<void> {
    const configuration = vscode.workspace.getConfiguration('elbow');
    const inspected = configuration.inspect<string[]>(ALLOW);
    const current = strings(inspected?.globalValue ?? inspected?.defaultValue);
    const added = prefixes.filter((prefix) => !current.includes(prefix));
    if (added.length === 0) return;
    await configuration.update(ALLOW, [...current, ...added], vscode.ConfigurationTarget.Global);
  }
}

function rulesOf(configuration: vscode.WorkspaceConfiguration, key: string, workspaceAlways = false): string[] {
  const inspected = configuration.inspect<string[]>(key);
  // A repository's settings must not be able to allow commands before the user trusts it; its deny rules can only help.
  const workspaceCounts = workspaceAlways || vscode.workspace.isTrusted;
  const values = [
    strings(inspected?.globalValue ?? inspected?.defaultValue),
    workspaceCounts ? strings(inspected?.workspaceValue) : [],
    workspaceCounts ? strings(inspected?.workspaceFolderValue) : [],
  ];
  return [...new Set(values.flat().map((rule) => rule.trim()).filter((rule) => rule !== ''))];
}

/** A cloned repository's settings must never pre-approve a domain, trusted or not. */
function userDomains(configuration: vscode.WorkspaceConfiguration): string[] {
  const inspected = configuration.inspect<string[]>(WEB_DOMAINS);
  return strings(inspected?.globalValue ?? inspected?.defaultValue).map((domain) => domain.trim().toLowerCase()).filter((domain) => domain !== '');
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
