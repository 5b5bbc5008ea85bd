import type { CustomizationFile, CustomizationTrust } from '../core/customize/customizationFile';
import type { TrustedContentStore } from './trustedContentStore';

/**
 * The terminal's trust in the workspace's customization files, by content: what the user trusted
 * before (the store shared with MCP configurations), or, with `--trust-customizations`, whatever
 * they hold as this run reads them (remembered for no later run).
 */
export class CliCustomizationTrust implements CustomizationTrust {
  constructor(private readonly store: TrustedContentStore, private readonly trustThisRun: boolean) {}

  async trusts(_file: string, sha256: string): Promise<boolean> {
    return this.trustThisRun || (await this.store.has(sha256));
  }

  /** Remembers these files' content as it was read (`/customize trust`). */
  async remember(files: readonly CustomizationFile[]): Promise<void> {
    for (const file of files) if (file.origin === 'workspace') await this.store.add(file.sha256, file.path);
  }
}
