import { toolCallsOf, textOf, type Message } from '../llm/messages';
import type { Provider } from '../llm/provider';
import { ProviderError } from '../llm/providerError';
import type { ToolRegistry } from '../tools/registry';
import type { ToolContext } from '../tools/tool';
import type { AgentEventSink, RunOutcome } from './agentEvents';
import { attachNotes } from './attachNotes';
import type { GuardRails } from './guardRails';
import { requestWithRetry } from './requestWithRetry';
import type { RetryPolicy } from './retryPolicy';
import { runToolCalls } from './runToolCalls';

export interface AgentLoopOptions {
  provider: Provider;
  model: string;
  system: string;
  registry: ToolRegistry;
  toolContext: ToolContext;
  /** The conversation; the loop appends to it and leaves it valid for the next request. */
  messages: Message[];
  maxTurns: number;
  retry: RetryPolicy;
  maxOutputTokens?: number;
  emit: AgentEventSink;
  random?: () => number;
  /** Notes for the model that arrived since the last request (e.g. rejected edits); each is sent once. */
  takeNotes?: () => string[];
  /** Limits on runaway runs; the loop ends when they say so. */
  guard?: GuardRails;
}

/**
 * The agent loop: ask the model, run the tools it calls, send back the results, until a reply
 * has no tool calls. Exits on the absence of tool calls, never on the stop reason (a reply
 * cut off by max_tokens can still hold calls). Never throws: every ending is a RunOutcome.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<RunOutcome> {
  const { messages, emit, toolContext } = options;
  const signal = toolContext.signal;
  const tools = options.registry.specs();
  for (let turn = 1; turn <= options.maxTurns; turn++) {
    if (signal.aborted) return cancelled();
    emit({ type: 'turn_start', turn });
    attachNotes(messages, options.takeNotes?.() ?? []);
    const request = { model: options.model, system: options.system, messages, tools, maxOutputTokens: options.maxOutputTokens, signal };
    const reply = await requestWithRetry(options.provider, request, options.retry, emit, options.random);
    if (reply instanceof ProviderError) {
      // A reply cut short is dropped whole: a partial assistant message could not be sent back intact.
      if (reply.kind === 'aborted' || signal.aborted) return cancelled();
      return { reason: 'error', message: reply.message, kind: reply.kind, retryable: reply.retryable || reply.kind === 'stream_broken' };
    }
    messages.push(reply);
    emit({ type: 'assistant_message', message: reply });
    const calls = toolCallsOf(reply);
    if (calls.length === 0) return { reason: 'completed', text: textOf(reply) };
    const results = await runToolCalls(calls, options.registry, toolContext, emit, options.guard);
    messages.push({ role: 'tool', results });
    if (signal.aborted) return cancelled();
    if (options.guard?.stopReason !== undefined) return { reason: 'stopped', message: options.guard.stopReason };
  }
  return {
    reason: 'max_turns',
    message: `Stopped after ${options.maxTurns} model turn${options.maxTurns === 1 ? '' : 's'}, the limit for one request. Send another message to let Elbow continue.`,
  };
}

function cancelled(): RunOutcome {
  return { reason: 'cancelled', message: 'Cancelled.' };
}
