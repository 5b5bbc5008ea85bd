import { combinedReview } from '../../protocol/combinedReview';
import type { ToolChangedFile, ToolFileChange } from '../../protocol/chatItems';
import { codicon, h } from '../dom';
import { lineCountsLabel } from '../format';
import type { ExtensionLink } from '../vscodeApi';
import { EditReviewMarker } from './editReviewMarker';

const changes: Readonly<Record<ToolFileChange, { icon: string; text: string }>> = {
  created: { icon: 'diff-added', text: 'added' },
  modified: { icon: 'diff-modified', text: 'changed' },
  moved: { icon: 'diff-renamed', text: 'moved' },
  deleted: { icon: 'diff-removed', text: 'deleted' },
};

/** What a row shows as the file: its path, or for a move where it was and where it is now. */
export function shownPath(file: ToolChangedFile): string {
  return file.from === undefined ? file.path : `${file.from.path} → ${file.path}`;
}

/**
 * The files a call changed, one row each under its card: how it changed, the path (its start gives way first in a
 * narrow view), the line counts and the user's review; a row is a button that opens the file's diff.
 */
export class ChangedFileList {
  readonly element = h('ul', { className: 'tool-files', attributes: { 'aria-label': 'Changed files' } });

  constructor(private readonly extension: ExtensionLink) {}

  update(files: readonly ToolChangedFile[]): void {
    this.element.replaceChildren(...files.map((file) => this.row(file)));
  }

  private row(file: ToolChangedFile): HTMLLIElement {
    const change = changes[file.change ?? 'modified'];
    const counts = file.added === undefined || file.removed === undefined ? undefined : { added: file.added, removed: file.removed };
    const review = new EditReviewMarker();
    const reviewed = combinedReview([file.review, file.from?.review]);
    review.update(reviewed);
    const path = shownPath(file);
    const open = h('button', {
      className: 'tool-file-open',
      attributes: {
        type: 'button',
        title: `Open diff of ${path}`,
        'aria-label': [`Open diff of ${path}`, change.text, ...(counts === undefined ? [] : [lineCountsLabel(counts.added, counts.removed)])].join(', '),
      },
    }, [
      codicon(change.icon, 'tool-file-icon'),
      // Long paths lose their start, not the file name: the span runs right to left, the path inside it left to right.
      h('span', { className: 'tool-file-path' }, [h('bdi', { text: path })]),
      ...(counts === undefined
        ? []
        : [h('span', { className: 'tool-file-counts', attributes: { 'aria-hidden': 'true' } }, [h('span', { className: 'lines-added', text: `+${counts.added}` }), h('span', { className: 'lines-removed', text: `−${counts.removed}` })])]),
    ]);
    open.addEventListener('click', () => this.extension.post({ type: 'openDiff', uri: file.uri }));
    const row = h('li', { className: 'tool-file', attributes: { 'data-uri': file.uri, 'data-change': file.change ?? 'modified' } }, [open, review.element]);
    if (reviewed !== undefined) row.dataset.review = reviewed;
    return row;
  }
}
