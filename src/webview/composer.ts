import type { Attachment } from '../protocol/chatItems';
import { renderChips } from './attachmentChips';
import type { MentionCandidate } from '../protocol/mentions';
import { codicon, h, iconButton } from './dom';
import { acceptImages } from './imageInput';
import { MentionPicker, mentionQueryAt } from './mentionPicker';
import { PromptHistory } from './promptHistory';
import type { SlashCommandRow } from '../protocol/slashCommands';
import { SlashPicker, slashQueryAt } from './slashPicker';
import type { ExtensionLink } from './vscodeApi';

const maxPromptLength = 200_000;
const maxPromptHeight = 240;
const idlePlaceholder = 'Ask Elbow to read, search or edit your code';
const steerKey = navigator.platform.startsWith('Mac') ? 'Cmd' : 'Ctrl';

/** The input area: attachment chips, the prompt box, Send and Stop. */
export class Composer {
  readonly element: HTMLElement;
  readonly prompt = h('textarea', {
    id: 'prompt',
    attributes: {
      rows: '1',
      placeholder: idlePlaceholder,
      'aria-label': 'Message to Elbow (Enter to send, Shift+Enter for a new line)',
    },
  });
  private readonly attachments = h('div', { id: 'attachments', className: 'chips', attributes: { 'aria-label': 'Attached context' } });
  private readonly send = iconButton({ id: 'send', className: 'icon-button send-button', icon: 'send', label: 'Send (Enter)' });
  private readonly stop = iconButton({ id: 'stop', className: 'icon-button stop-button', icon: 'debug-stop', label: 'Stop' });
  private readonly hint = h('div', { id: 'prompt-hint', className: 'prompt-hint', hidden: true, attributes: { role: 'status' } });
  private readonly history: PromptHistory;
  private readonly mentions: MentionPicker;
  private readonly slash: SlashPicker;
  private running = false;
  /** Length of the text the box was last fitted to. */
  private measuredLength = 0;

  constructor(private readonly extension: ExtensionLink, private readonly onSent: () => void) {
    this.history = new PromptHistory(extension.state.sentPrompts);
    this.stop.hidden = true;
    this.attachments.hidden = true;
    this.mentions = new MentionPicker(this.prompt, {
      search: (query) => extension.post({ type: 'mentionSearch', query }),
      choose: (candidate) => this.insertMention(candidate),
    });
    this.slash = new SlashPicker(this.prompt, (row) => this.insertSlash(row));
    this.element = h('footer', { id: 'composer' }, [
      this.mentions.element,
      this.slash.element,
      this.attachments,
      h('div', { className: 'input-box' }, [this.prompt, h('div', { className: 'input-actions' }, [this.send, this.stop])]),
      this.hint,
    ]);
    this.prompt.value = extension.state.draft;
    this.prompt.addEventListener('input', () => this.onInput());
    this.prompt.addEventListener('keydown', (event) => this.onKeyDown(event));
    acceptImages(this.element, extension);
    this.prompt.addEventListener('blur', () => {
      this.mentions.close();
      this.slash.close();
    });
    this.send.addEventListener('click', () => this.submit());
    this.stop.addEventListener('click', () => extension.post({ type: 'stop' }));
    this.updateSendState();
  }

  /** After the element is in the document (heights are known only then). */
  attached(): void {
    this.autoGrow();
  }

  focus(): void {
    this.prompt.focus();
  }

  setRunning(running: boolean): void {
    this.running = running;
    // Whichever button disappears must not take the keyboard focus with it.
    const focusLost = !running && this.stop === document.activeElement;
    this.stop.hidden = !running;
    if (focusLost) this.prompt.focus();
    const sendLabel = running ? `Queue (Enter), or send now into the run (${steerKey}+Enter)` : 'Send (Enter)';
    this.send.title = sendLabel;
    this.send.setAttribute('aria-label', sendLabel);
    this.prompt.placeholder = running ? `Queue a message (Enter), or ${steerKey}+Enter to send it now` : idlePlaceholder;
    this.updateSendState();
  }

  setAttachments(attachments: readonly Attachment[]): void {
    renderChips(this.attachments, attachments, (attachment) => {
      this.attachments.querySelector(`[data-attachment-id="${CSS.escape(attachment.id)}"]`)?.remove();
      this.attachments.hidden = this.attachments.childElementCount === 0;
      this.prompt.focus();
      this.extension.post({ type: 'removeAttachment', id: attachment.id });
    });
    this.attachments.hidden = attachments.length === 0;
  }

  /** The `@` picker's rows for what was typed after `@`. */
  showMentionCandidates(query: string, candidates: readonly MentionCandidate[]): void {
    this.mentions.show(query, candidates);
  }

  /** The `/` picker's rows. */
  setSlashCommands(rows: readonly SlashCommandRow[]): void {
    this.slash.setRows(rows);
  }

  /** A `/command` that was not sent comes back, unless something new was typed meanwhile. */
  restoreDraft(text: string): void {
    if (this.prompt.value.trim() !== '') return;
    this.showRecalled(text);
    this.prompt.focus();
  }

  private onInput(): void {
    this.slash.update(slashQueryAt(this.prompt.value, this.prompt.selectionStart));
    this.mentions.update(mentionQueryAt(this.prompt.value, this.prompt.selectionStart)?.query);
    this.history.stopBrowsing();
    this.extension.saveState({ draft: this.prompt.value });
    this.autoGrow();
    this.updateSendState();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return;
    if (this.slash.handleKey(event) || this.mentions.handleKey(event)) {
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      this.submit(event.ctrlKey || event.metaKey);
    } else if (event.key === 'ArrowUp' && !event.shiftKey && !event.altKey && !event.metaKey && !event.ctrlKey && this.caretOnFirstLine()) {
      const previous = this.history.previous(this.prompt.value);
      if (previous === undefined) return;
      event.preventDefault();
      this.showRecalled(previous);
    } else if (event.key === 'ArrowDown' && !event.shiftKey && !event.altKey && !event.metaKey && !event.ctrlKey && this.history.browsing && this.caretOnLastLine()) {
      const next = this.history.next();
      if (next === undefined) return;
      event.preventDefault();
      this.showRecalled(next);
    }
  }

  /** While a run goes on, the message is queued, or with `steer` given to the run at its next step. */
  private submit(steer = false): void {
    const text = this.prompt.value.trim();
    if (text === '' || text.length > maxPromptLength) return;
    this.extension.post({ type: steer && this.running ? 'steer' : 'send', text });
    this.history.add(text);
    this.prompt.value = '';
    this.extension.saveState({ draft: '', sentPrompts: [...this.history.entries] });
    this.autoGrow();
    this.updateSendState();
    this.onSent();
  }

  /** The typed `@query` becomes a readable `@name` in the text; the extension makes the chip with what it attaches. */
  private insertMention(candidate: MentionCandidate): void {
    const { value, selectionStart } = this.prompt;
    const typed = mentionQueryAt(value, selectionStart);
    if (typed !== undefined) {
      const { mention } = candidate;
      // A resource reads as the terminal's way to name one, `@mcp:<server>:<uri>`.
      const name = mention.server !== undefined && mention.uri !== undefined ? `mcp:${mention.server}:${mention.uri}` : mention.path ?? candidate.label;
      const reference = `@${name} `;
      this.prompt.setRangeText(reference, typed.start, selectionStart, 'end');
      this.extension.saveState({ draft: this.prompt.value });
      this.autoGrow();
      this.updateSendState();
    }
    this.extension.post({ type: 'addMention', mention: candidate.mention });
  }

  private insertSlash(row: SlashCommandRow): void {
    this.showRecalled(`/${row.name} `);
  }

  private showRecalled(text: string): void {
    this.prompt.value = text;
    this.prompt.setSelectionRange(text.length, text.length);
    this.extension.saveState({ draft: text });
    this.autoGrow();
    this.updateSendState();
  }

  private caretOnFirstLine(): boolean {
    const { selectionStart, selectionEnd, value } = this.prompt;
    return selectionStart === selectionEnd && !value.slice(0, selectionStart).includes('\n');
  }

  private caretOnLastLine(): boolean {
    const { selectionStart, selectionEnd, value } = this.prompt;
    return selectionStart === selectionEnd && !value.slice(selectionEnd).includes('\n');
  }

  private updateSendState(): void {
    const length = this.prompt.value.trim().length;
    const tooLong = length > maxPromptLength;
    this.send.disabled = length === 0 || tooLong;
    this.hint.hidden = !tooLong;
    this.hint.replaceChildren(...(tooLong ? [codicon('warning'), ` The message is too long (${length.toLocaleString()} of at most ${maxPromptLength.toLocaleString()} characters).`] : []));
    this.prompt.setAttribute('aria-invalid', String(tooLong));
  }

  /**
   * Fits the box to its text, up to a limit after which it scrolls. CSSOM styles are allowed by the CSP.
   * Collapsing the box to measure it lays out the whole view, which a long conversation makes slow: it is done
   * only when the text did not just grow; growing shows in `scrollHeight` without it.
   */
  private autoGrow(): void {
    const { length } = this.prompt.value;
    if (length <= this.measuredLength) this.prompt.style.height = 'auto';
    this.measuredLength = length;
    const height = `${Math.min(this.prompt.scrollHeight, maxPromptHeight)}px`;
    if (this.prompt.style.height !== height) this.prompt.style.height = height;
  }
}
