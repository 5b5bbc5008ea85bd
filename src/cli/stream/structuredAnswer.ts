import type { AgentSession } from '../../core/agent/agentSession';
import type { AgentEventSink, RunOutcome } from '../../core/agent/agentEvents';
import type { UserMessage } from '../../core/llm/messages';
import type { EventRenderer } from '../repl';
import type { AnswerCheck, AnswerSchema } from './answerSchema';
import { exitCodeOf } from './exitCodes';
import type { ResultEvent } from './streamEvents';

/** The prompt with the schema's instruction after it. */
export function promptForSchema(content: string | UserMessage['content'], schema: AnswerSchema): string | UserMessage['content'] {
  return typeof content === 'string' ? `${content}\n\n${schema.instruction}` : [...content, { type: 'text', text: schema.instruction }];
}

/**
 * Checks a completed run's answer against the schema; one that does not match gets one follow-up
 * turn saying what is wrong. `check` is absent when the run did not complete.
 */
export async function answerMatchingSchema(session: AgentSession, first: RunOutcome, schema: AnswerSchema, emit: AgentEventSink, signal: AbortSignal): Promise<{ outcome: RunOutcome; check?: AnswerCheck }> {
  if (first.reason !== 'completed') return { outcome: first };
  const check = await schema.check(first.text);
  if (check.valid) return { outcome: first, check };
  const second = await session.send(schema.correction(check.problem), emit, signal);
  return second.reason === 'completed' ? { outcome: second, check: await schema.check(second.text) } : { outcome: second };
}

/** The result with the parsed answer, or, when it still does not match, outcome `invalid_output`. */
export function resultWithCheck(result: ResultEvent, check: AnswerCheck | undefined): ResultEvent {
  if (check === undefined || result.outcome !== 'completed') return result;
  if (check.valid) return { ...result, structuredOutput: check.value };
  return { ...result, outcome: 'invalid_output', exitCode: exitCodeOf.invalid_output, message: `The answer does not match --json-schema: ${check.problem}.` };
}

/**
 * Without `--json`: the terminal shows the run but not its answers, so stdout holds only the
 * answer that matched the schema, as one line of JSON, printed by `printCheckedAnswer`.
 */
export function withoutAnswers(renderer: EventRenderer): EventRenderer {
  return { handle: (event) => (event.type === 'done' && event.outcome.reason === 'completed' ? undefined : renderer.handle(event)) };
}

export function printCheckedAnswer(result: ResultEvent, writeOut: (text: string) => void, writeErr: (text: string) => void): void {
  if (result.outcome === 'completed') writeOut(`${JSON.stringify(result.structuredOutput)}\n`);
  else if (result.outcome === 'invalid_output') writeErr(`elbow: ${result.message ?? 'the answer does not match --json-schema.'}\n`);
}
