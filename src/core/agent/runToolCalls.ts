import { toolResultText, type ToolCallBlock, type ToolResultBlock } from '../llm/messages';
import { todoListSetBy } from './todoListOf';
import { cancelledResult, type ToolRegistry } from '../tools/registry';
import type { ToolContext } from '../tools/tool';
import type { AgentEventSink } from './agentEvents';
import type { GuardRails } from './guardRails';
import type { SessionHooks } from '../customize/sessionHooks';
import { afterToolCall, beforeToolCall } from './toolCallHooks';

/**
 * Runs the tool calls of one assistant turn and returns one result per call, in call order.
 * Calls run in order; a run of consecutive read-only calls runs in parallel. Once the signal
 * aborts, the calls not yet started get a "cancelled" result, so every call is answered.
 */
export async function runToolCalls(
  calls: readonly ToolCallBlock[],
  registry: ToolRegistry,
  context: ToolContext,
  emit: AgentEventSink,
  guard?: GuardRails,
  hooks?: SessionHooks,
): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = [];
  for (const batch of batchesOf(calls, registry)) {
    if (context.signal.aborted) {
      results.push(...batch.map((call) => cancelledResult(call, 'The user cancelled the request before this tool ran.')));
      continue;
    }
    results.push(...(await Promise.all(batch.map((call) => runOne(call, registry, context, emit, guard, hooks)))));
  }
  return results;
}

async function runOne(asked: ToolCallBlock, registry: ToolRegistry, context: ToolContext, emit: AgentEventSink, guard?: GuardRails, hooks?: SessionHooks): Promise<ToolResultBlock> {
  let call = asked;
  const { title, kind, subject } = registry.describe(call.name, call.arguments);
  emit({ type: 'tool_call', id: call.id, name: call.name, arguments: call.arguments, title, kind, subject });
  if (guard && !(await guard.admit(call, kind, context.permissions, context.signal))) {
    const result = cancelledResult(call, `Not run: ${guard.stopReason ?? 'the run was stopped.'}`);
    emit({ type: 'tool_result', id: call.id, name: call.name, isError: true, summary: 'Not run: paused', text: toolResultText(result) });
    return result;
  }
  if (hooks !== undefined) {
    const hooked = await beforeToolCall(call, hooks, context, emit);
    if ('refused' in hooked) {
      emit({ type: 'tool_result', id: call.id, name: call.name, isError: true, summary: `Refused by a hook: ${hooked.reason}`, text: toolResultText(hooked.refused) });
      return hooked.refused;
    }
    call = hooked.call;
  }
  const { result, summary, placement, refusal } = await registry.run(call, context);
  guard?.recordResult(call, result);
  if (hooks !== undefined) await afterToolCall(call, result, hooks, context, emit);
  // The host hears of a new task list as the history will have it.
  const todos = todoListSetBy(call, result);
  if (todos !== undefined) emit({ type: 'todos', items: todos });
  emit({
    type: 'tool_result',
    id: call.id,
    name: call.name,
    isError: result.isError,
    summary,
    text: toolResultText(result),
    ...(placement === undefined ? {} : { placement }),
    ...(refusal === undefined ? {} : { refusal }),
  });
  return result;
}

/**
 * Splits calls into consecutive groups that run together: read-only calls, and `task` calls (each
 * child has its own context; the session bounds how many run at once); every other call alone.
 */
function batchesOf(calls: readonly ToolCallBlock[], registry: ToolRegistry): ToolCallBlock[][] {
  const batches: ToolCallBlock[][] = [];
  let group: ToolCallBlock[] = [];
  let groupKind: 'read' | 'task' | undefined;
  for (const call of calls) {
    const kind = registry.isReadOnly(call.name) ? 'read' : registry.identity(call.name)?.kind === 'task' ? 'task' : undefined;
    if (kind !== undefined && kind === groupKind) {
      group.push(call);
      continue;
    }
    if (group.length > 0) batches.push(group);
    group = [call];
    groupKind = kind;
    if (kind === undefined) {
      batches.push(group);
      group = [];
    }
  }
  if (group.length > 0) batches.push(group);
  return batches;
}
