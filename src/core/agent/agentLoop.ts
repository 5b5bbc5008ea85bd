import { toolCallsOf, textOf, type AssistantMessage, type Message, type Usage } from '../llm/messages';
import type { ToolSpec } from '../llm/provider';
import { ProviderError } from '../llm/providerError';
import type { ToolContext } from '../tools/tool';
import { offeredTools } from '../tools/agentToolLimit';
import type { AgentEventSink, RunOutcome } from './agentEvents';
import { attachNotes } from './attachNotes';
import { cutCall, cutCallResult, cutCauseOf, cutNotice, unrunResults } from './cutReply';
import type { ModelFallback, ModelSwitch } from './modelFallback';
import { refusalOutcome } from './refusalOutcome';
import type { ContextKeeper } from './contextKeeper';
import type { GuardRails } from './guardRails';
import { requestWithRetry } from './requestWithRetry';
import { runToolCalls } from './runToolCalls';
import type { SessionSetup } from './sessionSetup';
import type { SteeringMessages } from './steeringMessages';
import type { SessionHooks } from '../customize/sessionHooks';
import { stopHookSaysGoOn } from './stopHook';

export interface AgentLoopOptions {
  /** The provider, model, prompt, tools, retries and turn limit of the session. */
  setup: SessionSetup;
  toolContext: ToolContext;
  /** The conversation; the loop appends to it and leaves it valid for the next request. */
  messages: Message[];
  emit: AgentEventSink;
  random?: () => number;
  /** Notes for the model that arrived since the last request (e.g. rejected edits); each is sent once. */
  takeNotes?: () => string[];
  /** Messages the user sent during the run, added at the top of each turn. */
  steering?: SteeringMessages;
  /** Limits on runaway runs; the loop ends when they say so. */
  guard?: GuardRails;
  /** Keeps the conversation inside the model's window; without one, the history is sent as it is. */
  context?: ContextKeeper;
  /** The models that take over, in order, when the model stays overloaded or unavailable; it replaces the setup's model once one has. */
  fallback?: ModelFallback;
  /** The session's hooks: PreToolUse and PostToolUse around each call, Stop when the model is done. */
  hooks?: SessionHooks;
  /** Whether the Stop hook runs when the model is done (not in a subagent, whose answer goes to its parent). */
  runsStopHook?: boolean;
}

/**
 * The agent loop: ask the model, run the tools it calls, send back the results, until a reply
 * has no tool calls. Exits on the absence of tool calls, not on the stop reason (a reply
 * cut off by max_tokens can still hold calls), except for those that say the reply is not an
 * answer: a refusal ends the run with an error, a paused turn is sent back to be continued, and
 * a reply cut off (by the context window or the output limit) is announced and continued once:
 * after compacting, or with the call it cut off answered as not run. Never throws: every
 * ending is a RunOutcome.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<RunOutcome> {
  const { messages, emit, toolContext } = options;
  const { system, maxTurns } = options.setup;
  const signal = toolContext.signal;
  // Tools stay the same for the whole run, so each request extends the previous one (prompt caching).
  await options.setup.registry.prepare(signal);
  // Calls run the tools offered under their names, whatever a server changes in its list during the run.
  const registry = options.setup.registry.fixedForRun();
  const tools = offeredTools(registry.specs(), toolContext.agent, (name) => registry.identity(name));
  let pausesInARow = 0;
  let cutsInARow = 0;
  /** The text of cut replies the model was asked to continue: the answer begins there. */
  let continuedText = '';
  let stopHookContinues = 0;
  for (let turn = 1; turn <= maxTurns; turn++) {
    if (signal.aborted) return cancelled();
    emit({ type: 'turn_start', turn });
    attachNotes(messages, options.takeNotes?.() ?? []);
    options.steering?.deliver(messages, emit);
    let reply = await ask(options, tools);
    if (reply instanceof ProviderError && reply.kind === 'context_overflow' && options.context !== undefined && !signal.aborted) {
      // The estimate fell short of the provider's count: compact and send once more.
      if (await options.context.summarise({ system, tools, messages }, emit, signal, 'overflow', undefined) !== 'unchanged') reply = await ask(options, tools);
    }
    for (let change = fallbackFor(options, reply); change !== undefined; change = fallbackFor(options, reply)) {
      emit({ type: 'model_switched', ...change });
      reply = await ask(options, tools);
    }
    if (reply instanceof ProviderError) {
      // A reply cut short is dropped whole: a partial assistant message could not be sent back intact.
      if (reply.kind === 'aborted' || signal.aborted) return cancelled();
      return { reason: 'error', message: reply.message, kind: reply.kind, retryable: reply.retryable || reply.kind === 'stream_broken' };
    }
    // Dropped like a broken reply: the next request starts again from the user's message.
    if (reply.stopReason === 'refusal') return refusalOutcome(reply);
    messages.push(reply);
    emit({ type: 'assistant_message', message: reply });
    const calls = toolCallsOf(reply);
    if (calls.length === 0 && reply.stopReason === 'paused') {
      // Anthropic paused a long turn: sending the reply back as it is lets the model go on.
      if (++pausesInARow <= MAX_PAUSES_IN_A_ROW) continue;
      return { reason: 'stopped', message: `The model paused its turn ${MAX_PAUSES_IN_A_ROW} times in a row. Send another message to let it continue.` };
    }
    pausesInARow = 0;
    const cause = cutCauseOf(reply);
    cutsInARow = cause === undefined ? 0 : cutsInARow + 1;
    if (cause !== undefined) {
      const goesOn = cutsInARow <= MAX_CUTS_IN_A_ROW && (cause === 'output_limit' || options.context !== undefined);
      if (!goesOn) {
        if (calls.length > 0) messages.push({ role: 'tool', results: unrunResults(reply, emit) });
        return { reason: 'stopped', message: cutNotice(cause, reply, false).notice };
      }
      if (cause === 'output_limit') emit({ type: 'reply_cut', cause, message: cutNotice(cause, reply, true).notice });
    }
    if (calls.length === 0 && cause === undefined) {
      if (options.hooks !== undefined && options.runsStopHook !== false && (await stopHookSaysGoOn(options.hooks, messages, stopHookContinues, emit, signal))) {
        stopHookContinues++;
        continue;
      }
      return { reason: 'completed', text: continuedText + textOf(reply) };
    }
    if (calls.length > 0) {
      const cut = cutCall(reply);
      const results = await runToolCalls(cut === undefined ? calls : calls.slice(0, -1), registry, toolContext, emit, options.guard, options.hooks);
      if (cut !== undefined && cause !== undefined) results.push(cutCallResult(cut, cause, emit));
      messages.push({ role: 'tool', results });
      continuedText = '';
    } else {
      continuedText += textOf(reply);
    }
    if (signal.aborted) return cancelled();
    if (options.guard?.stopReason !== undefined) return { reason: 'stopped', message: options.guard.stopReason };
    if (cause === 'context_window' && options.context !== undefined) {
      // Announced once the history is compacted: without room, the model could not go on.
      if (await options.context.summarise({ system, tools, messages }, emit, signal, 'overflow', undefined) === 'unchanged') {
        return { reason: 'stopped', message: cutNotice(cause, reply, false).notice };
      }
      emit({ type: 'reply_cut', cause, message: cutNotice(cause, reply, true).notice });
    }
    if (cause !== undefined && calls.length === 0) attachNotes(messages, [cutNotice(cause, reply, true).note]);
  }
  return {
    reason: 'max_turns',
    message: `Stopped after ${maxTurns} model turn${maxTurns === 1 ? '' : 's'}, the limit for one request. Send another message to let Elbow continue.`,
  };
}

/** How many `pause_turn` replies in a row are continued before the run stops and leaves it to the user. */
const MAX_PAUSES_IN_A_ROW = 5;

/** A reply cut off is continued once; cut off again, the run stops and says so. */
const MAX_CUTS_IN_A_ROW = 1;

/** One request, compacted first when the history has grown past a threshold. */
async function ask(options: AgentLoopOptions, tools: readonly ToolSpec[]): Promise<AssistantMessage | ProviderError> {
  const { messages, emit, context } = options;
  const { provider, system, settings, retry, registry } = options.setup;
  const signal = options.toolContext.signal;
  const rawTokens = await context?.beforeRequest({ system, tools, messages }, emit, signal);
  if (signal.aborted) return new ProviderError('aborted', 'Cancelled.');
  const request = { model: options.fallback?.model ?? settings.model, system, messages, tools, signal };
  let usage: Usage | undefined;
  const reply = await requestWithRetry(provider, request, retry, (event) => {
    if (event.type === 'usage') usage = event.usage;
    if (event.type !== 'tool_call_start') return emit(event);
    const { title, kind } = registry.describe(event.name, '');
    emit({ ...event, title, kind });
  }, options.random);
  if (!(reply instanceof ProviderError) && rawTokens !== undefined) context?.afterReply(rawTokens, usage ?? reply.usage, emit);
  return reply;
}

/** The switch to the next fallback model when this failure calls for one (never once the run is cancelled). */
function fallbackFor(options: AgentLoopOptions, reply: AssistantMessage | ProviderError): ModelSwitch | undefined {
  if (!(reply instanceof ProviderError) || options.toolContext.signal.aborted) return undefined;
  return options.fallback?.next(reply);
}

function cancelled(): RunOutcome {
  return { reason: 'cancelled', message: 'Cancelled.' };
}
