import { customizationListing } from '../core/customize/customizationListing';
import type { Customizations } from '../core/customize/customizations';
import { DisabledCustomizations } from '../core/customize/disabledCustomizations';
import { untrustedFiles, untrustedSummary } from '../core/customize/untrustedCustomizations';
import type { AskLine } from './cliApprovals';
import type { CliCustomizationTrust } from './cliCustomizationTrust';
import { customizeReport } from './customizeReport';
import { isYes } from './mcpTrustQuestion';
import { printable } from './printable';

export interface CustomizeCommandParts {
  /** Reads them as they are now. */
  load(): Promise<Customizations>;
  trust: CliCustomizationTrust;
  root: string;
}

/** The chat's `/customize` (the listing) and `/customize trust` (a y/N question, then the content is remembered). */
export function customizeCommand(parts: CustomizeCommandParts): (trust: boolean, askLine: AskLine) => Promise<string> {
  return async (trust, askLine) => {
    const customizations = await parts.load();
    if (!trust) return customizeReport(customizationListing(customizations, new DisabledCustomizations([], [parts.root])), parts.root);
    const files = untrustedFiles(customizations);
    if (files.length === 0) return 'Nothing in this folder waits for trust.\n';
    const question = [
      `This folder holds ${untrustedSummary(customizations)} not trusted yet:`,
      ...files.map((file) => `  ${printable(file.path)}`),
      'Its hooks run commands (in the sandbox) on Elbow\'s events, its skills are offered to the model, and its commands may run programs.',
      'Trust them? Elbow remembers a yes until a file changes. [y]es, [n]o: ',
    ].join('\n');
    const answer = await askLine(question, new AbortController().signal);
    if (answer === undefined || !isYes(answer)) return 'Not trusted: nothing changed.\n';
    await parts.trust.remember(files);
    return 'Trusted. They are used from the next time you start elbow in this folder.\n';
  };
}
