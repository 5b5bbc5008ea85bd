import type { AssistantMessage, Message, Usage } from './messages';
import type { ProviderError } from './providerError';
import type { ReasoningEffortSetting } from './reasoningEffort';

export interface ToolSpec {
  name: string;
  /** Written for the model: when to use the tool and how. */
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  system: string;
  messages: readonly Message[];
  tools: readonly ToolSpec[];
  maxOutputTokens?: number;
  /** How hard the model thinks; without one, the provider's configured effort applies. */
  reasoningEffort?: ReasoningEffortSetting;
  signal?: AbortSignal;
}

/**
 * What a provider streams for one request. A stream ends with exactly one `done` or one
 * `error`; providers never throw out of `stream()`.
 */
export type ProviderEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  /** The model began a call; its arguments arrive whole in the `done` message. */
  | { type: 'tool_call_start'; id: string; name: string }
  /** What the request used, priced where it is read: in US dollars at the provider's `prices`, `null` without them. */
  | { type: 'usage'; usage: Usage; cost: number | null }
  | { type: 'done'; message: AssistantMessage }
  | { type: 'error'; error: ProviderError };

export interface Provider {
  /** `openai` or `anthropic`: the wire API this provider speaks. */
  readonly name: string;
  stream(request: ChatRequest): AsyncIterable<ProviderEvent>;
}
