import { Fzf } from 'fzf';

export interface Ranked<Item> {
  item: Item;
  /** Indexes of the matched characters in the item's text. */
  positions: number[];
}

/**
 * The items that fuzzily match `query`, best first (fzf's algorithm: consecutive characters, word and path
 * starts count most; shorter texts win ties). An empty query keeps every item, in order, up to `limit`.
 */
export function rankFuzzily<Item>(items: readonly Item[], textOf: (item: Item) => string, query: string, limit: number): Ranked<Item>[] {
  const trimmed = query.trim();
  if (trimmed === '') return items.slice(0, limit).map((item) => ({ item, positions: [] }));
  const finder = new Fzf(items.map((item) => ({ item, text: textOf(item) })), { selector: (entry) => entry.text, limit, casing: 'smart-case' });
  return finder.find(trimmed).map((result) => ({ item: result.item.item, positions: [...result.positions].sort((a, b) => a - b) }));
}
