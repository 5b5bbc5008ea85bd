import type { ModelInfo, UsageSummary } from '../protocol/chatItems';
import { AutoApproveSwitch } from './autoApproveSwitch';
import { codicon, h, iconButton } from './dom';
import { usageText, usageTooltip } from './format';
import type { Host } from './vscodeApi';

/** New chat, History, token usage, the auto-approve switch and the model switcher. */
export class Header {
  readonly element: HTMLElement;
  /** Its banner goes under the header, placed by the app. */
  readonly autoApprove: AutoApproveSwitch;
  private readonly usage = h('span', { id: 'usage', className: 'usage' });
  private readonly modelLabel = h('span', { className: 'model-label', text: 'Model' });
  private readonly modelButton = h('button', {
    id: 'model-button',
    className: 'model-button',
    attributes: { type: 'button', title: 'Change provider and model' },
  }, [codicon('sparkle'), this.modelLabel, codicon('chevron-down')]);

  constructor(host: Host) {
    this.autoApprove = new AutoApproveSwitch(host);
    this.element = h('header', { id: 'header' }, [
      iconButton({ id: 'new-chat', icon: 'add', label: 'New chat', onClick: () => host.post({ type: 'newChat' }) }),
      iconButton({ id: 'history-button', icon: 'history', label: 'Chat history', onClick: () => host.post({ type: 'showHistory' }) }),
      h('span', { className: 'spacer' }),
      this.usage,
      this.autoApprove.toggle,
      this.modelButton,
    ]);
    this.modelButton.addEventListener('click', () => host.post({ type: 'changeModel' }));
    this.setUsage({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
  }

  setModel(model: ModelInfo): void {
    const label = model.model === '' ? model.provider : `${model.provider} · ${model.model}`;
    this.modelLabel.textContent = label;
    this.modelButton.setAttribute('aria-label', `Model: ${label}. Change provider and model`);
  }

  setUsage(usage: UsageSummary): void {
    const text = usageText(usage);
    this.usage.textContent = text;
    this.usage.hidden = text === '';
    this.usage.title = usageTooltip(usage);
    this.usage.setAttribute('aria-label', `Tokens used: ${usageTooltip(usage).replace(/\n/g, ', ')}`);
  }
}
