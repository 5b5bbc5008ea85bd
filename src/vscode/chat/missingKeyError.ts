import type { ToWebview } from '../../protocol/toWebview';
import type { ChatTranscript } from './chatTranscript';

/** The provider as the user chose it: its name in the picker, and the model. */
export interface ChosenProvider {
  label: string;
  model: string;
  hasKey: boolean;
}

/**
 * The error a request leaves when the provider has no API key, kept true afterwards: when the user changes the
 * provider or sets a key, it names the provider now chosen, or says that Retry now sends the message.
 */
export class MissingKeyError {
  private itemId: string | undefined;

  constructor(private readonly transcript: ChatTranscript) {}

  add(provider: ChosenProvider): ToWebview[] {
    const messages = this.transcript.addError(missingKeyText(provider.label), true);
    this.itemId = this.transcript.items.at(-1)?.id;
    return messages;
  }

  /** A request found a key: an earlier error is history, no longer to be kept up to date. */
  forget(): void {
    this.itemId = undefined;
  }

  update(provider: ChosenProvider): ToWebview[] {
    const shown = this.transcript.items.findLast((item) => item.id === this.itemId);
    if (shown?.kind !== 'error') return [];
    const message = provider.hasKey
      ? `The message was not sent: there was no API key. Now using ${provider.label} · ${provider.model}: Retry sends it.`
      : missingKeyText(provider.label);
    return shown.message === message ? [] : this.transcript.updateItem({ ...shown, message, retryable: true });
  }
}

function missingKeyText(label: string): string {
  return `No API key for ${label}. Run "Elbow: Set API Key" to add one, or change the provider.`;
}
