import type { HookReport } from '../customize/sessionHooks';
import type { ProviderErrorKind } from '../llm/providerError';
import type { ModelSwitch } from './modelFallback';
import type { AssistantMessage, Usage, UserMessage } from '../llm/messages';
import type { UsageTotals } from '../context/usageTotals';
import type { CommandRunPlacement } from '../tools/tool';
import type { ToolKind } from '../toolContract/toolKind';
import type { ToolRefusal } from '../toolContract/toolRefusal';
import type { TodoItem } from '../todo/todoItem';

/** What started a compaction: the size thresholds, the model's `compact` tool, the user, or a request the provider refused as too long. */
export type CompactionReason = 'threshold' | 'tool' | 'user' | 'overflow';

/** Why a reply stopped before the model finished it: the context window filled, or the output limit was reached. */
export type CutCause = 'context_window' | 'output_limit';

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
  /** The model began a call; `title` and `kind` come from the registry's tool (generic ones for a name no tool has). */
  | { type: 'tool_call_start'; id: string; name: string; title: string; kind: ToolKind }
  /** A call is about to run, its arguments complete; `subject` says what it is about, e.g. its path (see ToolCallDescription). */
  | { type: 'tool_call'; id: string; name: string; arguments: string; title: string; kind: ToolKind; subject: string }
  /**
   * `summary` is one line for the user, e.g. `Edited fizzbuzz.js:8–9 +2 −1`; `text` is what the model gets;
   * `placement`, for commands, says whether it ran in the sandbox; `refusal`, that the conversation's mode kept the call from running.
   */
  | { type: 'tool_result'; id: string; name: string; isError: boolean; summary: string; text: string; placement?: CommandRunPlacement; refusal?: ToolRefusal }
  | { type: 'assistant_message'; message: AssistantMessage }
  /**
   * What one request used and its cost in US dollars, priced as the provider's response was read
   * (`null`: the price is unknown); `total`, the conversation's totals, added by the session that keeps them.
   */
  | { type: 'usage'; usage: Usage; cost: number | null; total?: UsageTotals }
  /** How full the context window is: estimated before a request is sent, then as the provider counted it. */
  | { type: 'context'; usedTokens: number; windowTokens: number; estimated: boolean }
  /** Summarising the conversation has begun (it takes a model request). */
  | { type: 'compaction_start'; layer: 2; reason: CompactionReason; beforeTokens: number }
  /**
   * The model-facing history was compacted: layer 1 shortened older tool results (with `newest`,
   * it cut the newest ones, which alone did not fit), layer 2 replaced it by a summary.
   */
  | { type: 'compaction'; layer: 1 | 2; reason: CompactionReason; beforeTokens: number; afterTokens: number; shortenedResults?: number; newest?: boolean; summary?: string; archive?: string }
  /** Summarising failed; the history was kept, with older tool results shortened (`afterTokens`). */
  | { type: 'compaction_failed'; reason: CompactionReason; message: string; beforeTokens: number; afterTokens: number; shortenedResults: number }
  /**
   * The reply streaming so far broke off with a failure that will be retried: what it showed is
   * dropped (the model never gets it) and a `retry` follows. Hosts mark or erase the partial reply.
   */
  | { type: 'reply_discarded'; reason: string }
  /** The reply stopped before the model finished it (context window full, output limit reached); the run goes on to continue it. */
  | { type: 'reply_cut'; cause: CutCause; message: string }
  /** `from` stayed overloaded or unavailable after its retries: `to`, the next of the user's fallback models, answers for the rest of the run. */
  | ({ type: 'model_switched' } & ModelSwitch)
  /** A request failed and will be sent again after `delayMs`: retry `attempt` of at most `maxAttempts`. */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  /** A message the user sent during the run joined the conversation here, at a turn boundary, before the next request. */
  | { type: 'steered'; content: UserMessage['content'] }
  | { type: 'done'; outcome: RunOutcome }
  /** The model replaced its task list (the `todo` tool). */
  | { type: 'todos'; items: readonly TodoItem[] }
  /**
   * Something a subagent reported: `callId` is the parent's `task` call, `taskId` the child (to continue it).
   * A child's children arrive wrapped twice. After a child's `usage`, `total` is the conversation's totals, children included.
   */
  | { type: 'subagent'; callId: string; taskId: string; description: string; agent: string; event: AgentEvent; total?: UsageTotals }
  /** A hook ran at one of the session's events (or was not run, and why). */
  | ({ type: 'hook' } & HookReport);

export type AgentEventSink = (event: AgentEvent) => void;
