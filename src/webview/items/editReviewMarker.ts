import type { EditReview } from '../../protocol/chatItems';
import { codicon, h } from '../dom';

const markers: Readonly<Record<EditReview, { icon: string; text: string; label: string }>> = {
  pending: { icon: 'eye', text: 'pending review', label: 'Waiting for your review: accept or reject it in the editor' },
  accepted: { icon: 'check', text: 'accepted', label: 'You accepted this change' },
  rejected: { icon: 'discard', text: 'rejected', label: 'You rejected this change: the file is back as it was' },
  partlyRejected: { icon: 'discard', text: 'partly rejected', label: 'You rejected part of this change and accepted the rest' },
};

/** How the user reviewed the change an edit made: shown in its card's summary, in place of the tool's own "done" mark. */
export class EditReviewMarker {
  private readonly icon = codicon('eye', 'tool-review-icon');
  private readonly text = h('span', { className: 'tool-review-text', attributes: { 'aria-hidden': 'true' } });
  readonly element = h('span', { className: 'tool-review', attributes: { role: 'img' } }, [this.icon, this.text]);

  update(review: EditReview | undefined): void {
    this.element.hidden = review === undefined;
    if (review === undefined) return;
    const marker = markers[review];
    this.icon.className = `codicon codicon-${marker.icon} tool-review-icon`;
    this.text.textContent = marker.text;
    this.element.setAttribute('aria-label', marker.label);
    this.element.title = marker.label;
  }
}
