/** `--max-budget-usd` and `--timeout`, read: each ends an unattended run when it is reached. */
export interface LimitFlags {
  maxBudgetUsd?: number;
  timeoutMs?: number;
}

/** Throws an Error that says what is wrong with a value; the caller makes it a usage error. */
export function parseLimitFlags(maxBudget: string | undefined, timeout: string | undefined): LimitFlags {
  const maxBudgetUsd = parseMaxBudget(maxBudget);
  const timeoutMs = parseTimeout(timeout);
  return { ...(maxBudgetUsd === undefined ? {} : { maxBudgetUsd }), ...(timeoutMs === undefined ? {} : { timeoutMs }) };
}

/** `--max-budget-usd`: US dollars, more than 0. */
function parseMaxBudget(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const dollars = Number(flag);
  if (flag.trim() === '' || !Number.isFinite(dollars) || dollars <= 0) {
    throw new Error(`--max-budget-usd must be an amount of US dollars above 0, e.g. 0.50, got "${flag}".`);
  }
  return dollars;
}

const unitMs: Readonly<Record<string, number>> = { '': 1000, s: 1000, m: 60_000, h: 3_600_000 };

/** `--timeout`: `90s`, `20m`, `1h`, `1.5h` or plain seconds, as milliseconds. */
function parseTimeout(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const parts = /^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$/i.exec(flag);
  const ms = parts === null ? NaN : Number(parts[1]) * (unitMs[(parts[2] ?? '').toLowerCase()] ?? NaN);
  // setTimeout holds at most 2^31-1 ms (about 24.8 days); a longer wait would fire at once.
  if (!Number.isFinite(ms) || ms <= 0 || ms > 2 ** 31 - 1) {
    throw new Error(`--timeout must be a duration such as 90s, 20m or 1h (plain numbers are seconds), above 0 and under 24 days, got "${flag}".`);
  }
  return Math.round(ms);
}

/** A duration as the user reads it back: `90s`, `20m`, `1h`. */
export function durationText(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${ms / 1000}s`;
}
