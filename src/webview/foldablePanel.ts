/** A pinned panel's folding, for code that folds or unfolds it on the user's behalf. */
export interface Foldable {
  readonly expanded: boolean;
  setExpanded(expanded: boolean): void;
}

/**
 * Makes a pinned panel foldable: its toggle shows or hides the body, keeping `aria-expanded`, the
 * toggle's title and a `collapsed` class on the panel in step. The panel starts open; `onToggle`
 * hears the user's own clicks (not `setExpanded`).
 */
export function makeFoldable(
  parts: { panel: HTMLElement; toggle: HTMLElement; body: HTMLElement },
  titles: { hide: string; show: string },
  onToggle?: (expanded: boolean) => void,
): Foldable {
  const setExpanded = (expanded: boolean): void => {
    parts.body.hidden = !expanded;
    parts.toggle.setAttribute('aria-expanded', String(expanded));
    parts.toggle.title = expanded ? titles.hide : titles.show;
    parts.panel.classList.toggle('collapsed', !expanded);
  };
  parts.toggle.addEventListener('click', () => {
    const expanded = parts.body.hidden;
    setExpanded(expanded);
    onToggle?.(expanded);
  });
  setExpanded(true);
  return {
    get expanded() {
      return !parts.body.hidden;
    },
    setExpanded,
  };
}
