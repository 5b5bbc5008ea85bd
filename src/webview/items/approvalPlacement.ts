import type { Approval, CommandPlacement } from '../../protocol/chatItems';

/** A line under a command's question saying what running it there means. */
export interface PlacementNote {
  icon: string;
  text: string;
}

/** What the sandbox allows, or what running without it means. */
export function placementNote(placement: CommandPlacement | undefined): PlacementNote | undefined {
  switch (placement?.kind) {
    case undefined:
      return undefined;
    case 'sandbox':
      return { icon: 'shield', text: 'In the sandbox it can write only in the workspace, with no network (beyond hosts you allowed) and no access to your credentials.' };
    case 'outsideRequested':
      return { icon: 'warning', text: 'Outside the sandbox it runs with your full rights: it can change any file, use the network and read your credentials.' };
    case 'noSandbox':
      return { icon: 'warning', text: `Commands run with your full rights here. No sandbox: ${placement.reason.trim().replace(/\.$/, '')}.` };
  }
}

/** `Allowed — in the sandbox`, or `Allowed` where the question was not about a command. */
export function allowedLabel(approval: Approval): string {
  switch (approval.allowedPlacement) {
    case undefined:
      return 'Allowed';
    case 'sandboxed':
      return 'Allowed — in the sandbox';
    case 'outsideSandbox':
      return approval.placement?.kind === 'noSandbox' ? 'Allowed — without a sandbox' : 'Allowed — outside the sandbox';
  }
}

/** The Allow button as the question asks it: its text, its tooltip, and whether it is the card's default. */
export function allowButton(approval: Approval): { text: string; title: string; primary: boolean } {
  if (approval.kind === 'webPage') return { text: 'Allow once', title: 'Read this page now; ask again for the next page of this domain', primary: true };
  switch (approval.placement?.kind) {
    case 'sandbox':
      return { text: 'Allow', title: 'Run it once, in the sandbox', primary: true };
    case 'outsideRequested':
      return { text: 'Allow outside the sandbox', title: 'Run it once outside the sandbox, with your full rights', primary: false };
    case 'noSandbox':
      return { text: 'Allow', title: 'Run it once, with your full rights', primary: true };
    case undefined:
      return { text: 'Allow', title: 'Allow this once', primary: true };
  }
}
