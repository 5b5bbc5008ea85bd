import { defaultAllowList } from './commandPolicy/defaultAllowList';
import type { CommandPermissions, PermissionSettings } from '../host/approvals';

/**
 * Permission settings held in memory, e.g. for the terminal host: the built-in allow list
 * unless told otherwise; "Always allow" adds to the list for as long as the process lives.
 */
export class FixedPermissionSettings implements PermissionSettings {
  private readonly permissions: CommandPermissions;

  constructor(overrides: Partial<CommandPermissions> = {}) {
    this.permissions = { allow: defaultAllowList, deny: [], autoApprove: false, allowWritesOutsideWorkspace: false, ...overrides };
  }

  current(): CommandPermissions {
    return this.permissions;
  }

  async addAllowRules(prefixes: readonly string[]): Promise<void> {
    this.permissions.allow = [...new Set([...this.permissions.allow, ...prefixes])];
  }

  async addAllowedWebDomain(domain: string): Promise<void> {
    this.permissions.allowedWebDomains = [...new Set([...(this.permissions.allowedWebDomains ?? []), domain])];
  }
}
