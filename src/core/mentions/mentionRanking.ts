import { Fzf } from 'fzf';

export interface Ranked<Item> {
  item: Item;
  /** Indexes of the matched characters in the item's text. */
  positions: number[];
}

/**
 * A list to search fuzzily again and again (fzf's algorithm: consecutive characters, word and path starts count
 * most; shorter texts win ties). Preparing a big list takes most of the time, so it is done once.
 */
export class FuzzyList<Item> {
  private readonly finder: Fzf<readonly { item: Item; text: string }[]>;

  constructor(private readonly items: readonly Item[], textOf: (item: Item) => string, private readonly limit: number) {
    this.finder = new Fzf(items.map((item) => ({ item, text: textOf(item) })), { selector: (entry) => entry.text, limit, casing: 'smart-case', fuzzy: items.length > 5_000 ? 'v1' : 'v2' });
  }

  /** The items that match `query`, best first; an empty query keeps every item, in order, up to the limit. */
  find(query: string): Ranked<Item>[] {
    const trimmed = query.trim();
    if (trimmed === '') return this.items.slice(0, this.limit).map((item) => ({ item, positions: [] }));
    return this.finder.find(trimmed).map((result) => ({ item: result.item.item, positions: [...result.positions].sort((a, b) => a - b) }));
  }
}

/** `items` ranked for `query` once (see `FuzzyList`). */
export function rankFuzzily<Item>(items: readonly Item[], textOf: (item: Item) => string, query: string, limit: number): Ranked<Item>[] {
  return new FuzzyList(items, textOf, limit).find(query);
}
