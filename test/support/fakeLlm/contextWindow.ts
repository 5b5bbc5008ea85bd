/**
 * The refusal of a request that does not fit the model's context window, worded as each service
 * words it: one message when the prompt alone is too long, another when the prompt fits but the
 * requested output budget does not fit after it.
 */
import { ProtocolError } from './errors';
import type { JsonObject } from './json';
import type { FakeLlmApi } from './types';

export function contextOverflow(api: FakeLlmApi, body: JsonObject, promptTokens: number, contextWindow: number): ProtocolError | undefined {
  const outputBudget = outputBudgetOf(api, body);
  if (promptTokens + outputBudget <= contextWindow) return undefined;
  return api === 'openai' ? openaiOverflow(promptTokens, outputBudget, contextWindow) : anthropicOverflow(promptTokens, outputBudget, contextWindow);
}

function outputBudgetOf(api: FakeLlmApi, body: JsonObject): number {
  const budget = api === 'openai' ? (body.max_completion_tokens ?? body.max_tokens) : body.max_tokens;
  return typeof budget === 'number' && budget > 0 ? budget : 0;
}

function openaiOverflow(promptTokens: number, outputBudget: number, contextWindow: number): ProtocolError {
  const intro = `This model's maximum context length is ${contextWindow} tokens.`;
  const message = promptTokens > contextWindow
    ? `${intro} However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`
    : `${intro} However, you requested ${promptTokens + outputBudget} tokens (${promptTokens} in the messages, ${outputBudget} in the completion). Please reduce the length of the messages or completion.`;
  return new ProtocolError(message, 400, 'messages', 'context_length_exceeded');
}

function anthropicOverflow(promptTokens: number, outputBudget: number, contextWindow: number): ProtocolError {
  if (promptTokens > contextWindow) return new ProtocolError(`prompt is too long: ${promptTokens} tokens > ${contextWindow} maximum`);
  return new ProtocolError(
    `input length and \`max_tokens\` exceed context limit: ${promptTokens} + ${outputBudget} > ${contextWindow}, decrease input length or \`max_tokens\` and try again`,
  );
}
