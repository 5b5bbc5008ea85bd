import { toolResultText, type ToolCallBlock, type ToolResultBlock } from '../llm/messages';
import type { SessionHooks } from '../customize/sessionHooks';
import { toolErrorResult } from '../tools/registry';
import type { ToolContext } from '../tools/tool';
import type { AgentEventSink } from './agentEvents';

/**
 * PreToolUse: the call as it will run (its arguments replaced by a hook's `updatedInput`, which then
 * meets every usual check), or the refusal the model gets. A hook's "allow" approves nothing:
 * the tool asks for what it would have asked for.
 */
export async function beforeToolCall(call: ToolCallBlock, hooks: SessionHooks, context: ToolContext, emit: AgentEventSink): Promise<{ call: ToolCallBlock } | { refused: ToolResultBlock; reason: string }> {
  if (!hooks.has('PreToolUse')) return { call };
  const outcome = await hooks.preToolUse(call.name, argumentsOf(call), (run) => emit({ type: 'hook', ...run }), context.signal);
  const refusal = outcome.block ?? outcome.stop;
  if (refusal !== undefined) return refuse(call, refusal);
  if (outcome.ask !== undefined) {
    const approved = await context.permissions.askToContinue(`A hook asks for your approval before ${call.name} runs: ${outcome.ask}`, { toolCallId: call.id, signal: context.signal });
    if (!approved) return refuse(call, `${outcome.ask} (the user was asked, and did not approve)`);
  }
  return outcome.updatedInput === undefined ? { call } : { call: { ...call, arguments: JSON.stringify(outcome.updatedInput) } };
}

/** PostToolUse: what its hooks have to tell the model about the result (exit 2, `decision: "block"`, `additionalContext`), added to it. */
export async function afterToolCall(call: ToolCallBlock, result: ToolResultBlock, hooks: SessionHooks, context: ToolContext, emit: AgentEventSink): Promise<void> {
  if (!hooks.has('PostToolUse')) return;
  const outcome = await hooks.postToolUse(call.name, argumentsOf(call), toolResultText(result), (run) => emit({ type: 'hook', ...run }), context.signal);
  const said = [outcome.block === undefined ? undefined : `A PostToolUse hook objects: ${outcome.block}`, outcome.context].filter((part): part is string => part !== undefined);
  if (said.length > 0) result.content.push({ type: 'text', text: said.join('\n') });
}

function refuse(call: ToolCallBlock, reason: string): { refused: ToolResultBlock; reason: string } {
  return { refused: toolErrorResult(call, `${call.name} was not run: a PreToolUse hook refused it: ${reason}`), reason };
}

/** The arguments as JSON when they parse, else the text the model wrote. */
function argumentsOf(call: ToolCallBlock): unknown {
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    return call.arguments;
  }
}
