import type { Approval } from '../../src/protocol/chatItems';

/** The card of `npm test`, not on the allow list, asked about before it runs in the sandbox. */
export function sandboxCommandApproval(fields: Partial<Approval> = {}): Approval {
  return {
    kind: 'command',
    title: 'Run this command in the sandbox?',
    command: 'npm test',
    cwd: 'the workspace folder',
    placement: { kind: 'sandbox' },
    reasons: ['`npm test` is not on the allow list'],
    alwaysAllow: ['npm test'],
    state: 'pending',
    ...fields,
  };
}
