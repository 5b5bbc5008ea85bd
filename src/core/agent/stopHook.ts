import type { Message } from '../llm/messages';
import type { SessionHooks } from '../customize/sessionHooks';
import type { AgentEventSink } from './agentEvents';

/** A Stop hook may send the model back to work this many times in one run: a hook that always objects must not loop forever. */
export const maxStopHookContinues = 3;

/**
 * Stop: the model answered without calling a tool. A hook that blocks (exit 2, `decision: "block"`)
 * has its reason sent to the model as a user message, and the run goes on; from the second time
 * the hook is told so (`stop_hook_active`), and after a few the run ends anyway.
 */
export async function stopHookSaysGoOn(hooks: SessionHooks, messages: Message[], continuesSoFar: number, emit: AgentEventSink, signal: AbortSignal): Promise<boolean> {
  if (!hooks.has('Stop') || continuesSoFar >= maxStopHookContinues) return false;
  const outcome = await hooks.stop(continuesSoFar > 0, (run) => emit({ type: 'hook', ...run }), signal);
  if (outcome.block === undefined || outcome.stop !== undefined || signal.aborted) return false;
  messages.push({ role: 'user', content: [{ type: 'text', text: `[Elbow: a Stop hook of this project says the work is not done yet: ${outcome.block}]` }] });
  return true;
}
