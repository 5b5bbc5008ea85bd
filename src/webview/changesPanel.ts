import type { ChangedFile } from '../protocol/chatItems';
import { codicon, h, iconButton } from './dom';
import { makeFoldable } from './foldablePanel';
import { lineCountsLabel, plural } from './format';
import type { ExtensionLink } from './vscodeApi';

const statusBadges: Readonly<Record<ChangedFile['status'], string | undefined>> = {
  created: 'new',
  modified: undefined,
  deleted: 'deleted',
};

const rowButtons = ['.changed-file-open', '.changed-file-diff', '.changed-file-accept', '.changed-file-reject'];

/** The files the agent changed that still await review, between the conversation and the composer; hidden when none. */
export class ChangesPanel {
  readonly element: HTMLElement;
  private readonly list = h('ul', { id: 'changes-list', className: 'changes-list', attributes: { 'aria-label': 'Changed files' } });
  private readonly count = h('span', { className: 'changes-count' });
  private readonly totals = h('span', { className: 'changes-totals' });
  private readonly toggle = h('button', {
    className: 'changes-toggle',
    attributes: { type: 'button', 'aria-expanded': 'true', 'aria-controls': 'changes-list' },
  }, [codicon('chevron-down', 'changes-chevron'), h('span', { className: 'changes-title', text: 'Changes' }), this.count, this.totals]);

  constructor(
    private readonly extension: ExtensionLink,
    /** Where the keyboard focus goes when the panel disappears under it. */
    private readonly fallbackFocus: () => void,
  ) {
    this.element = h('section', { id: 'changes', className: 'changes', hidden: true, attributes: { 'aria-label': 'Changes to review' } }, [
      h('div', { className: 'changes-header' }, [
        this.toggle,
        h('div', { className: 'changes-actions' }, [
          iconButton({ id: 'accept-all', className: 'primary-button', icon: 'check-all', label: 'Accept all changes', text: 'Accept all', onClick: () => extension.post({ type: 'acceptAll' }) }),
          iconButton({ id: 'reject-all', className: 'secondary-button', icon: 'discard', label: 'Reject all changes', text: 'Reject all', onClick: () => extension.post({ type: 'rejectAll' }) }),
        ]),
      ]),
      this.list,
    ]);
    makeFoldable({ panel: this.element, toggle: this.toggle, body: this.list }, { hide: 'Hide the changed files', show: 'Show the changed files' });
  }

  show(files: readonly ChangedFile[]): void {
    const focus = this.focusedPlace();
    const added = files.reduce((sum, file) => sum + file.added, 0);
    const removed = files.reduce((sum, file) => sum + file.removed, 0);
    this.count.textContent = String(files.length);
    this.count.title = `${plural(files.length, 'file')} changed`;
    this.totals.replaceChildren(...lineCounts(added, removed));
    this.totals.title = lineCountsLabel(added, removed);
    this.list.replaceChildren(...files.map((file) => this.row(file)));
    this.element.hidden = files.length === 0;
    if (focus !== undefined) this.restoreFocus(focus);
  }

  private row(file: ChangedFile): HTMLElement {
    const open = h('button', { className: 'changed-file-open', attributes: { type: 'button', title: `Open ${file.path}` } }, [
      codicon(file.status === 'created' ? 'new-file' : file.status === 'deleted' ? 'trash' : 'file'),
      // Long paths lose their start, not the file name: the span runs right to left, the path inside it left to right.
      h('span', { className: 'changed-file-path' }, [h('bdi', { text: file.path })]),
    ]);
    open.addEventListener('click', () => this.extension.post({ type: 'openChangedFile', uri: file.uri }));
    const badge = statusBadges[file.status];
    return h('li', { className: 'changed-file', attributes: { 'data-uri': file.uri, 'data-status': file.status } }, [
      open,
      ...(badge === undefined ? [] : [h('span', { className: 'changed-file-status', text: badge })]),
      h('span', { className: 'changed-file-counts', attributes: { title: lineCountsLabel(file.added, file.removed) } }, lineCounts(file.added, file.removed)),
      iconButton({ className: 'icon-button changed-file-diff', icon: 'diff', label: `Open diff of ${file.path}`, onClick: () => this.extension.post({ type: 'openDiff', uri: file.uri }) }),
      iconButton({ className: 'icon-button changed-file-accept', icon: 'check', label: `Accept changes to ${file.path}`, onClick: () => this.extension.post({ type: 'acceptFile', uri: file.uri }) }),
      iconButton({ className: 'icon-button changed-file-reject', icon: 'discard', label: `Reject changes to ${file.path}`, onClick: () => this.extension.post({ type: 'rejectFile', uri: file.uri }) }),
    ]);
  }

  /** Where the focus is in the panel, to find it again after the rows were replaced. */
  private focusedPlace(): FocusPlace | undefined {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || !this.element.contains(focused)) return undefined;
    const row = focused.closest<HTMLElement>('.changed-file');
    const button = rowButtons.find((selector) => focused.matches(selector));
    if (row === null || button === undefined) return { kind: 'header', element: focused };
    return { kind: 'row', uri: row.dataset.uri ?? '', index: [...this.list.children].indexOf(row), button };
  }

  /** Same file and button if it is still listed, else the one now in its place, else the header. */
  private restoreFocus(place: FocusPlace): void {
    if (this.element.hidden) {
      this.fallbackFocus();
      return;
    }
    if (place.kind === 'header') {
      if (place.element.isConnected) place.element.focus();
      return;
    }
    const rows = [...this.list.querySelectorAll<HTMLElement>('.changed-file')];
    const row = rows.find((candidate) => candidate.dataset.uri === place.uri) ?? rows[Math.min(place.index, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>(place.button);
    (target ?? this.toggle).focus();
  }
}

/** The header's buttons survive an update; a row's are replaced. */
type FocusPlace = { kind: 'header'; element: HTMLElement } | { kind: 'row'; uri: string; index: number; button: string };

/** `+12 −4`, in the theme's added and removed colours. */
function lineCounts(added: number, removed: number): HTMLElement[] {
  return [h('span', { className: 'lines-added', text: `+${added}` }), h('span', { className: 'lines-removed', text: `−${removed}` })];
}
