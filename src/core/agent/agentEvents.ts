import type { ProviderErrorKind } from '../llm/providerError';
import type { AssistantMessage, Usage } from '../llm/messages';

/** How a run of the loop ended. */
export type RunOutcome =
  | { reason: 'completed'; text: string }
  | { reason: 'max_turns'; message: string }
  /** A guard rail ended the run (the user chose to pause, or the same call kept failing). */
  | { reason: 'stopped'; message: string }
  | { reason: 'cancelled'; message: string }
  | { reason: 'error'; message: string; kind: ProviderErrorKind; retryable: boolean };

/** What a run reports while it happens; hosts render these (terminal, webview, JSON lines). */
export type AgentEvent =
  | { type: 'turn_start'; turn: number }
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  | { type: 'tool_call_start'; id: string; name: string }
  /** A call is about to run, its arguments complete. */
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  /** `summary` is one line for the user, e.g. `Edited fizzbuzz.js +2 −1`; `text` is what the model gets. */
  | { type: 'tool_result'; id: string; name: string; isError: boolean; summary: string; text: string }
  | { type: 'assistant_message'; message: AssistantMessage }
  | { type: 'usage'; usage: Usage }
  /** A request failed before any output and will be sent again after `delayMs`: retry `attempt` of at most `maxAttempts`. */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  | { type: 'done'; outcome: RunOutcome };

export type AgentEventSink = (event: AgentEvent) => void;
