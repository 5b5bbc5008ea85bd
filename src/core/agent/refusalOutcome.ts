import type { AssistantMessage } from '../llm/messages';
import { boundedServerWords } from '../llm/providers/serverWords';
import type { RunOutcome } from './agentEvents';

/**
 * A reply the model or the provider's filter refused (Anthropic `stop_reason: "refusal"`, OpenAI
 * `finish_reason: "content_filter"`), as a run error the user sees, instead of an empty success.
 * The provider's own reason comes along: Anthropic's `stop_details`, the Azure filters that fired.
 */
export function refusalOutcome(reply: AssistantMessage): RunOutcome {
  return { reason: 'error', kind: 'refusal', retryable: false, message: `${refusalWords(reply)} Rephrase the request, or start a new conversation.` };
}

function refusalWords(reply: AssistantMessage): string {
  // The detail is the server's words (Anthropic's explanation): quoted within the same bounds as its errors.
  const detail = reply.stopDetail ? boundedServerWords(reply.stopDetail) : undefined;
  if (reply.provider === 'anthropic') {
    return `The model refused to answer (stop_reason "refusal").${detail ? ` ${detail}` : ''}`;
  }
  if (detail) return `The reply was stopped by ${detail} (finish_reason "content_filter").`;
  return `The provider's content filter stopped the reply (finish_reason "content_filter").`;
}
