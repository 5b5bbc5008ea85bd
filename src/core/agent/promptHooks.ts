import type { TextBlock, UserMessage } from '../llm/messages';
import type { HookReport, SessionHooks } from '../customize/sessionHooks';
import type { AgentEventSink, RunOutcome } from './agentEvents';

/**
 * SessionStart (before the session's first message) and UserPromptSubmit (before each): the message
 * as it joins the history, with the context the hooks add, or the outcome that refuses it (exit 2,
 * `decision: "block"`, `continue: false`) with the hook's reason for the user.
 */
export async function promptHooks(hooks: SessionHooks, message: UserMessage, emit: AgentEventSink, signal: AbortSignal): Promise<{ message: UserMessage } | { refused: RunOutcome }> {
  const report = (run: HookReport): void => emit({ type: 'hook', ...run });
  const context: string[] = [];
  if (hooks.has('SessionStart')) {
    const start = await hooks.sessionStart(report, signal);
    if (start.context !== undefined) context.push(start.context);
  }
  if (hooks.has('UserPromptSubmit')) {
    const prompt = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    const submit = await hooks.userPromptSubmit(prompt, report, signal);
    const refusal = submit.block ?? submit.stop;
    if (refusal !== undefined) return { refused: { reason: 'error', kind: 'bad_request', retryable: false, message: `Not sent: a UserPromptSubmit hook of this project refused the message: ${refusal}` } };
    if (submit.context !== undefined) context.push(submit.context);
  }
  if (context.length === 0) return { message };
  const added: TextBlock = { type: 'text', text: `[Elbow: context from this project's hooks]\n${context.join('\n')}` };
  return { message: { ...message, content: [...message.content, added] } };
}
