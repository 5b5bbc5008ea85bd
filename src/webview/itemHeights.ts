/**
 * The conversation's items' heights as last measured (their margins included), and for items never shown an estimate
 * made from the item itself, which does not change as others are measured: the spacers' heights stay what they were.
 */
export class ItemHeights {
  private readonly measured = new Map<string, number>();

  constructor(private readonly estimate: (index: number) => number) {}

  of(ids: readonly string[], index: number): number {
    return this.measured.get(ids[index] as string) ?? this.estimate(index);
  }

  set(id: string, height: number): void {
    this.measured.set(id, height);
  }

  clear(): void {
    this.measured.clear();
  }

  /** The heights of the items `from` up to, not including, `to`. */
  sum(ids: readonly string[], from: number, to: number): number {
    let total = 0;
    for (let index = from; index < to; index++) total += this.of(ids, index);
    return total;
  }

  /** The items, first and after the last, that overlap `top`..`bottom` (pixels from the first item's top). */
  rangeOver(ids: readonly string[], top: number, bottom: number): { start: number; end: number } {
    let offset = 0;
    let start = ids.length;
    let end = ids.length;
    for (let index = 0; index < ids.length; index++) {
      const height = this.of(ids, index);
      if (start === ids.length && offset + height > top) start = index;
      if (offset >= bottom) {
        end = index;
        break;
      }
      offset += height;
    }
    if (start === ids.length) start = Math.max(0, ids.length - 1);
    return { start, end: Math.max(end, Math.min(start + 1, ids.length)) };
  }
}
