/** A JSON object as a server sent it (not an array, not null), its fields still unread. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
