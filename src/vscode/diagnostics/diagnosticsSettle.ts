import * as vscode from 'vscode';

/** The longest an edit waits for the language servers. */
export const SETTLE_BOUND_MS = 1_500;
/** Once a server has reported for the files, this long without another report means it is done. */
const QUIET_MS = 300;
/** A server checks the edited file before its importers: a report on the first is no sign that it is done with the others. */
const MINIMUM_MS = 600;
/** A server that has not reported by then has nothing new to say (an edit that changes no problem brings no report). */
const REACTION_MS = 1_000;

export interface SettleLimits {
  /** The longest the wait lasts. */
  bound: number;
  /** How long to wait for a first report. */
  reaction: number;
}

/**
 * Waits from now until the language servers have settled for `uris`: a quiet spell after their
 * last report (and not before a minimum), or no report at all within the reaction time; never longer than the bound, and not
 * at all once `signal` aborts. `boundHit` says the bound ended it.
 */
export async function diagnosticsSettled(uris: readonly vscode.Uri[], signal: AbortSignal, limits: SettleLimits = { bound: SETTLE_BOUND_MS, reaction: REACTION_MS }): Promise<{ boundHit: boolean }> {
  const { bound, reaction } = limits;
  const watched = new Set(uris.map((uri) => uri.toString()));
  const started = Date.now();
  let lastReport: number | undefined;
  let wake: (() => void) | undefined;
  const listener = vscode.languages.onDidChangeDiagnostics((event) => {
    if (!event.uris.some((uri) => watched.has(uri.toString()))) return;
    lastReport = Date.now();
    wake?.();
  });
  try {
    for (;;) {
      const now = Date.now();
      if (signal.aborted) return { boundHit: false };
      if (now >= started + bound) return { boundHit: true };
      const deadline = lastReport === undefined ? started + Math.min(reaction, bound) : Math.max(lastReport + QUIET_MS, started + MINIMUM_MS);
      if (now >= deadline) return { boundHit: false };
      await sleepUntil(Math.min(deadline, started + bound), signal, (resume) => (wake = resume));
    }
  } finally {
    listener.dispose();
  }
}

function sleepUntil(time: number, signal: AbortSignal, onWake: (resume: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, time - Date.now()));
    signal.addEventListener('abort', finish);
    onWake(finish);
  });
}
