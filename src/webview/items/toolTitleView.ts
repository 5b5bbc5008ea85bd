import { h } from '../dom';

/** Where the added and removed counts (` +2 −1`) start in what follows an edited file's path: its end when there are none. */
function countsAt(after: string): number {
  const counts = /\s\+\d+(\s−\d+)?$/.exec(after);
  return counts === null ? after.length : counts.index;
}

/**
 * A tool card's title in its summary line. The title of a call that changed a file is split around the file's path, so
 * that in a narrow view the parts give way in turn: the path's folders (from their start), then the list of lines
 * (`:3, 16`), and only then the verb and the file's name; the added and removed counts stay whole. A command's title
 * keeps how it ended (` · exit 1`) whole the same way. The full title is the tooltip.
 */
export class ToolTitleView {
  readonly element = h('span', { className: 'tool-title' });

  /** `path`: the file the call changed; `outcome`: for a command, whether the title ends with how it ended (` · exit 0`). */
  show(title: string, path: string | undefined, outcome = false): void {
    this.element.title = title;
    const at = path === undefined || path === '' ? -1 : title.lastIndexOf(path);
    const ending = outcome ? title.indexOf(' · ') : -1;
    if (path === undefined || at < 0) {
      this.element.classList.toggle('tool-title-split', ending > 0);
      if (ending <= 0) this.element.textContent = title;
      else this.element.replaceChildren(h('span', { className: 'tool-title-subject', text: title.slice(0, ending) }), h('span', { className: 'tool-title-tail', text: title.slice(ending) }));
      return;
    }
    const before = title.slice(0, at);
    const after = title.slice(at + path.length);
    const nameStart = path.lastIndexOf('/') + 1;
    const folders = path.slice(0, nameStart);
    const counts = countsAt(after);
    this.element.classList.add('tool-title-split');
    this.element.replaceChildren(
      ...(before === '' ? [] : [h('span', { className: 'tool-title-verb', text: before })]),
      ...(folders === '' ? [] : [h('span', { className: 'tool-title-folders' }, [h('bdi', { text: folders })])]),
      h('span', { className: 'tool-title-name', text: path.slice(nameStart) }),
      ...(counts === 0 ? [] : [h('span', { className: 'tool-title-lines', text: after.slice(0, counts) })]),
      ...(counts === after.length ? [] : [h('span', { className: 'tool-title-counts', text: after.slice(counts) })]),
    );
  }
}
