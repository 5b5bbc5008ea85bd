import { h } from '../dom';

/**
 * A tool card's title in its summary line. The title of a call that changed a file is split around the file's path, so
 * that in a narrow view the parts give way in turn: the path's folders (from their start), then the verb, then the
 * file's name; what follows the path, the lines and counts that tell two edits of one file apart, stays whole. The
 * full title is the tooltip.
 */
export class ToolTitleView {
  readonly element = h('span', { className: 'tool-title' });

  show(title: string, path: string | undefined): void {
    this.element.title = title;
    const at = path === undefined || path === '' ? -1 : title.lastIndexOf(path);
    if (path === undefined || at < 0) {
      this.element.classList.remove('tool-title-split');
      this.element.textContent = title;
      return;
    }
    const before = title.slice(0, at);
    const after = title.slice(at + path.length);
    const nameStart = path.lastIndexOf('/') + 1;
    const folders = path.slice(0, nameStart);
    this.element.classList.add('tool-title-split');
    this.element.replaceChildren(
      ...(before === '' ? [] : [h('span', { className: 'tool-title-verb', text: before })]),
      ...(folders === '' ? [] : [h('span', { className: 'tool-title-folders' }, [h('bdi', { text: folders })])]),
      h('span', { className: 'tool-title-name', text: path.slice(nameStart) }),
      ...(after === '' ? [] : [h('span', { className: 'tool-title-tail', text: after })]),
    );
  }
}
