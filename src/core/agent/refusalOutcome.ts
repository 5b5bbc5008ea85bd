import type { AssistantMessage } from '../llm/messages';
import type { RunOutcome } from './agentEvents';

/**
 * A reply the model or the provider's filter refused (Anthropic `stop_reason: "refusal"`, OpenAI
 * `finish_reason: "content_filter"`), as a run error the user sees, instead of an empty success.
 */
export function refusalOutcome(reply: AssistantMessage): RunOutcome {
  const cause = reply.provider === 'anthropic' ? 'stop_reason "refusal"' : 'finish_reason "content_filter"';
  const explanation = reply.stopDetail ? ` ${reply.stopDetail}` : '';
  return {
    reason: 'error',
    kind: 'refusal',
    retryable: false,
    message: `The model refused to answer (${cause}).${explanation} Rephrase the request, or start a new conversation.`,
  };
}
