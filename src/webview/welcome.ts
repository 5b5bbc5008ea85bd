import { codicon, h } from './dom';
import type { ExtensionLink } from './vscodeApi';

/** Shown instead of a failure when there is no API key for the chosen provider. */
export class Welcome {
  private readonly provider = h('strong');
  readonly element: HTMLElement;

  constructor(extension: ExtensionLink) {
    const setKey = h('button', { id: 'welcome-set-key', className: 'primary-button', attributes: { type: 'button' } }, [codicon('key'), ' Set API Key']);
    const changeModel = h('button', { id: 'welcome-change-model', className: 'secondary-button', attributes: { type: 'button' } }, [codicon('settings-gear'), ' Change Provider']);
    setKey.addEventListener('click', () => extension.post({ type: 'setApiKey' }));
    changeModel.addEventListener('click', () => extension.post({ type: 'changeModel' }));
    this.element = h('section', { id: 'welcome', hidden: true, attributes: { 'aria-labelledby': 'welcome-title' } }, [
      h('h2', { id: 'welcome-title', text: 'Welcome to Elbow' }),
      h('p', {}, ['To talk to the model, Elbow needs your ', this.provider, ' API key. It is kept in VS Code’s secret storage.']),
      h('div', { className: 'welcome-actions' }, [setKey, changeModel]),
    ]);
  }

  setApiKey(available: boolean, provider: string): void {
    this.provider.textContent = provider;
    this.element.hidden = available;
  }

  get visible(): boolean {
    return !this.element.hidden;
  }
}
