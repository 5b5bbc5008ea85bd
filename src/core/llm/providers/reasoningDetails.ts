/** One entry of OpenRouter's `reasoning_details`; only `type`, `index` and the text fields are read. */
type Detail = Record<string, unknown>;

/** The fields a stream spreads over several deltas of the same entry. */
const textFields = ['text', 'summary', 'data'] as const;

/**
 * OpenRouter's `reasoning_details` as streamed: each delta carries pieces of entries, the pieces
 * of one entry sharing its `type` and `index`. Joined back into the entries the API sent, to be
 * returned unchanged on the next request as OpenRouter asks.
 */
export class ReasoningDetails {
  private readonly entries: Detail[] = [];

  add(delta: unknown): void {
    if (!Array.isArray(delta)) return;
    for (const piece of delta) {
      if (typeof piece !== 'object' || piece === null || Array.isArray(piece)) continue;
      this.merge(piece as Detail);
    }
  }

  all(): Detail[] {
    return this.entries;
  }

  private merge(piece: Detail): void {
    const last = this.entries.at(-1);
    if (!last || last['type'] !== piece['type'] || last['index'] !== piece['index']) {
      this.entries.push({ ...piece });
      return;
    }
    for (const [key, value] of Object.entries(piece)) {
      const previous = last[key];
      if ((textFields as readonly string[]).includes(key) && typeof previous === 'string' && typeof value === 'string') last[key] = previous + value;
      else if (value !== null && value !== undefined && value !== '') last[key] = value;
    }
  }
}
