/** A wait as people say it: "45 s", "6 min", "5 h 12 min". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A moment, unambiguous wherever the user is: "2025-08-03 00:00 UTC (in 5 h 12 min)". */
export function resetText(at: number, now = Date.now()): string {
  if (Number.isNaN(new Date(at).getTime())) return 'at a time that cannot be read';
  const stamp = new Date(at).toISOString().replace('T', ' ').slice(0, 16);
  return at > now ? `${stamp} UTC (in ${durationText(at - now)})` : `${stamp} UTC`;
}
