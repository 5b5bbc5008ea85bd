import { diffLines, type DiffLineKind } from '../../format/diffText';
import { h } from '../dom';

const lineClasses: Readonly<Record<DiffLineKind, string | undefined>> = {
  add: 'diff-add',
  remove: 'diff-remove',
  hunk: 'diff-hunk',
  header: 'diff-header',
  context: undefined,
};

/** A unified diff shown line by line, coloured by what each line does (plain text: it quotes file contents). */
export class DiffBlock {
  readonly element: HTMLPreElement;
  private rendered: string | undefined;

  /** `className` marks where it is used; `label` names it for screen readers. */
  constructor(className: string, label: string) {
    this.element = h('pre', { className: `diff-block ${className}`, attributes: { tabindex: '0', 'aria-label': label } });
  }

  show(diff: string): void {
    if (diff === this.rendered) return;
    this.rendered = diff;
    this.element.replaceChildren(...diffLines(diff).map((line) => h('span', { className: lineClasses[line.kind], text: line.text })));
  }
}
