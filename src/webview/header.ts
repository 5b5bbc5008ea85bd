import type { ModelInfo } from '../protocol/chatItems';
import { AgentPickerButton } from './agentPickerButton';
import { AutoApproveSwitch } from './autoApproveSwitch';
import { codicon, h, iconButton } from './dom';
import { McpButton } from './mcpButton';
import type { ExtensionLink } from './vscodeApi';

/** New chat, History, MCP servers, the agent picker (Agent, Plan or a custom agent), the auto-approve switch and the model switcher. The context and usage row sits under it. */
export class Header {
  readonly element: HTMLElement;
  /** Its banner goes under the header, placed by the app. */
  readonly autoApprove: AutoApproveSwitch;
  readonly mcp: McpButton;
  readonly agentPicker: AgentPickerButton;
  private readonly modelLabel = h('span', { className: 'model-label', text: 'Model' });
  private readonly modelButton = h('button', {
    id: 'model-button',
    className: 'model-button',
    attributes: { type: 'button', title: 'Change provider and model' },
  }, [codicon('sparkle'), this.modelLabel, codicon('chevron-down')]);

  constructor(extension: ExtensionLink, openMcp: () => void) {
    this.autoApprove = new AutoApproveSwitch(extension);
    this.mcp = new McpButton(openMcp);
    this.agentPicker = new AgentPickerButton(extension);
    this.element = h('header', { id: 'header' }, [
      iconButton({ id: 'new-chat', icon: 'add', label: 'New chat', onClick: () => extension.post({ type: 'newChat' }) }),
      iconButton({ id: 'history-button', icon: 'history', label: 'Chat history', onClick: () => extension.post({ type: 'showHistory' }) }),
      this.mcp.element,
      h('span', { className: 'spacer' }),
      this.agentPicker.button,
      this.autoApprove.toggle,
      this.modelButton,
    ]);
    this.modelButton.addEventListener('click', () => extension.post({ type: 'changeModel' }));
  }

  /** The button shows the model, what the user cares about in a narrow view; the provider is in its tooltip. */
  setModel(model: ModelInfo): void {
    const full = model.model === '' ? model.provider : `${model.provider} · ${model.model}`;
    this.modelLabel.textContent = model.model === '' ? model.provider : model.model;
    this.modelButton.title = `${full}. Change provider and model`;
    this.modelButton.setAttribute('aria-label', `Model: ${full}. Change provider and model`);
  }
}
