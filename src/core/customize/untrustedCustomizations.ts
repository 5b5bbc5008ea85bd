import type { CustomizationFile } from './customizationFile';
import { customizationFilesOf } from './customizationFiles';
import type { Customizations } from './customizations';

/** The workspace's files whose content the user has not trusted (yet). */
export function untrustedFiles(customizations: Customizations): CustomizationFile[] {
  return customizationFilesOf(customizations).filter((file) => file.origin === 'workspace' && !file.trusted);
}

/** What waits for trust, counted by kind: `2 skills, 1 hook`; empty when nothing does. */
export function untrustedSummary(customizations: Customizations): string {
  const waiting = (items: ReadonlyArray<{ file?: CustomizationFile }>): number => items.filter((item) => item.file?.origin === 'workspace' && !item.file.trusted).length;
  const count = (what: string, n: number): string[] => (n === 0 ? [] : [`${n} ${what}${n === 1 ? '' : 's'}`]);
  return [
    ...count('hook', waiting(customizations.hooks)),
    ...count('skill', waiting(customizations.skills)),
    ...count('agent', waiting(customizations.agents)),
    ...count('command', waiting(customizations.commands)),
  ].join(', ');
}

/** One value for "the same untrusted content": a notice shown for it is not shown again. */
export function untrustedContentKey(customizations: Customizations): string {
  return untrustedFiles(customizations).map((file) => file.sha256).sort().join(',');
}
