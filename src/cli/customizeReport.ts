import * as path from 'node:path';
import type { CustomizationListing, CustomizationRow } from '../core/customize/customizationListing';
import { problemText } from '../core/customize/customizationProblem';
import type { Customizations } from '../core/customize/customizations';
import { untrustedFiles, untrustedSummary } from '../core/customize/untrustedCustomizations';

/** `/customize`: every skill, command, agent and hook found, by kind, and the problems with their files. */
export function customizeReport(listing: CustomizationListing, root: string): string {
  const where = (row: CustomizationRow): string => (row.file === undefined ? 'built-in' : `${row.origin === 'user' ? 'user' : 'workspace'} ${shown(row.file, root)}`);
  const line = (row: CustomizationRow): string =>
    `  ${row.name}  ${where(row)}  ${row.trusted ? 'trusted' : 'untrusted'}  ${row.enabled ? 'on' : 'off'}  ${row.tokens} tokens`;
  const lines = listing.groups.flatMap((group) => [`${group.title}:`, ...(group.rows.length === 0 ? ['  (none)'] : group.rows.map(line))]);
  if (listing.problems.length > 0) lines.push('Problems:', ...listing.problems.map((problem) => `  ${problemText({ ...problem, file: shown(problem.file, root) })}`));
  lines.push('Tokens: a skill costs its line in every request, an agent its prompt while picked, a command its text when used.');
  return `${lines.join('\n')}\n`;
}

/** Said once as a run starts when the workspace holds customizations not trusted yet; undefined when it does not. */
export function untrustedCustomizationsLine(customizations: Customizations, interactive: boolean): string | undefined {
  const files = untrustedFiles(customizations);
  if (files.length === 0) return undefined;
  const what = `this folder's ${untrustedSummary(customizations)} (${files.length} file${files.length === 1 ? '' : 's'}) ${files.length === 1 ? 'is' : 'are'} not trusted yet, so not used`;
  return interactive
    ? `elbow: ${what}. /customize lists them; /customize trust trusts them.\n`
    : `elbow: ${what}. Pass --trust-customizations to trust their current content for this run (commands stay in the sandbox).\n`;
}

function shown(file: string, root: string): string {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
