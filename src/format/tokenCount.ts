// Short numbers for token counts and costs, shared by the webview and the terminal (src/format imports no other part of src).

/** `950`, `1.2k`, `12.3k`, `123k`, `1.5M`. */
export function formatTokenCount(count: number): string {
  const trim = (value: string) => value.replace(/\.0$/, '');
  if (count < 1_000) return String(Math.round(count));
  if (count < 100_000) return `${trim((count / 1_000).toFixed(1))}k`;
  if (count < 999_500) return `${Math.round(count / 1_000)}k`;
  return `${trim((count / 1_000_000).toFixed(1))}M`;
}

/** `$0.04`; `<$0.01` for a cost that would round to nothing; `$0.00` for free; `unknown` when a price is missing. */
export function formatCost(cost: number | null): string {
  if (cost === null) return 'unknown';
  if (cost > 0 && cost < 0.005) return '<$0.01';
  return `$${cost.toFixed(2)}`;
}
