import { toolCallsOf, toolResultText, type AssistantMessage, type ToolCallBlock, type ToolResultBlock } from '../llm/messages';
import { cancelledResult } from '../tools/registry';
import type { AgentEventSink, CutCause } from './agentEvents';

export function cutCauseOf(reply: AssistantMessage): CutCause | undefined {
  if (reply.stopReason === 'context_window') return 'context_window';
  if (reply.stopReason === 'max_tokens') return 'output_limit';
  return undefined;
}

/**
 * The call a cut reply ends with: never run. A cut stream cannot prove the call was whole: its
 * arguments may stop mid-value, or never have arrived (an Anthropic call whose input was cut
 * before its first fragment reads as `{}`). Running it would act on half an input.
 */
export function cutCall(reply: AssistantMessage): ToolCallBlock | undefined {
  return cutCauseOf(reply) === undefined ? undefined : toolCallsOf(reply).at(-1);
}

const whatCut: Record<CutCause, { reply: string; summary: string }> = {
  output_limit: { reply: 'reached the output limit', summary: 'cut off by the output limit' },
  context_window: { reply: 'filled the context window', summary: 'cut off by the full context window' },
};

/** The result the model gets for a call it may not have finished writing; it is told to try again in smaller pieces. */
export function cutCallResult(call: ToolCallBlock, cause: CutCause, emit: AgentEventSink): ToolResultBlock {
  const result = cancelledResult(
    call,
    `Not run: your reply ${whatCut[cause].reply} while you were writing this ${call.name} call, so it may be cut off. Send it again, in smaller pieces if it is long (for example, write a long file in several edits).`,
  );
  emit({ type: 'tool_result', id: call.id, name: call.name, isError: true, summary: `Not run: ${whatCut[cause].summary}`, text: toolResultText(result) });
  return result;
}

/**
 * Results for the calls of a cut reply the run stops at, so the history stays one the APIs accept
 * (every call answered) when the user goes on: the cut call as cut, the others as not run.
 */
export function unrunResults(reply: AssistantMessage, emit: AgentEventSink): ToolResultBlock[] {
  const cause = cutCauseOf(reply);
  const cut = cutCall(reply);
  return toolCallsOf(reply).map((call) =>
    call === cut && cause !== undefined ? cutCallResult(call, cause, emit) : cancelledResult(call, `Not run: the run stopped because your reply was cut off before ${call.name} could run.`));
}

/** What the user is told, and the note the model gets when the run goes on. */
export function cutNotice(cause: CutCause, reply: AssistantMessage, goesOn: boolean): { notice: string; note: string } {
  const call = cutCall(reply);
  if (cause === 'context_window') {
    return {
      notice: goesOn
        ? "The reply was cut off: the conversation filled the model's context window. The conversation was compacted, and the model is asked to continue."
        : "The reply was cut off: the conversation filled the model's context window. Compact the conversation (/compact) or start a new one, then ask again.",
      note: 'Your previous reply was cut off because the context window was full; the conversation has been compacted. Continue exactly where you stopped, without repeating what you already wrote.',
    };
  }
  if (call !== undefined) {
    return {
      notice: goesOn
        ? `The reply was cut off by the model's output limit while it was writing a ${call.name} call; the call was not run and the model is asked to send it in smaller pieces.`
        : `The reply was cut off again by the model's output limit while it was writing a ${call.name} call; the call was not run. Ask for a smaller step, or raise the model's output limit.`,
      note: '',
    };
  }
  return {
    notice: goesOn
      ? "The reply was cut off by the model's output limit. Asking the model to continue."
      : "The reply was cut off again by the model's output limit. Ask it to continue, or raise the model's output limit.",
    note: 'Your previous reply was cut off by the output limit. Continue exactly where you stopped, without repeating what you already wrote.',
  };
}
