/**
 * Makes a pinned panel foldable: its toggle shows or hides the body, keeping `aria-expanded`, the
 * toggle's title and a `collapsed` class on the panel in step. The panel starts open.
 */
export function makeFoldable(parts: { panel: HTMLElement; toggle: HTMLElement; body: HTMLElement }, titles: { hide: string; show: string }): void {
  const setExpanded = (expanded: boolean): void => {
    parts.body.hidden = !expanded;
    parts.toggle.setAttribute('aria-expanded', String(expanded));
    parts.toggle.title = expanded ? titles.hide : titles.show;
    parts.panel.classList.toggle('collapsed', !expanded);
  };
  parts.toggle.addEventListener('click', () => setExpanded(parts.body.hidden));
  setExpanded(true);
}
