/** A view of one value, updated in place when the value changes. */
export interface KeyedView<T> {
  readonly element: HTMLElement;
  update(value: T): void;
}

/**
 * The children of a container, one view per key: a view stays (with its focus, its open details, its scroll) while its key
 * does, is created when a key comes and removed when it goes, and is moved only when the order changed.
 */
export class KeyedList<T, V extends KeyedView<T>> {
  private views = new Map<string, V>();

  constructor(
    private readonly container: HTMLElement,
    private readonly keyOf: (value: T) => string,
    private readonly create: (value: T) => V,
  ) {}

  get(key: string): V | undefined {
    return this.views.get(key);
  }

  update(values: readonly T[]): void {
    const next = new Map<string, V>();
    for (const value of values) {
      const key = this.keyOf(value);
      if (next.has(key)) continue;
      const view = this.views.get(key) ?? this.create(value);
      view.update(value);
      next.set(key, view);
    }
    for (const [key, view] of this.views) if (!next.has(key)) view.element.remove();
    let position = this.container.firstChild;
    for (const view of next.values()) {
      if (view.element === position) position = position.nextSibling;
      else this.container.insertBefore(view.element, position);
    }
    this.views = next;
  }
}
