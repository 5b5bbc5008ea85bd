/**
 * Gemini 3 through the OpenAI-compatible endpoint: function calls carry their thought signature in
 * `tool_calls[].extra_content.google.thought_signature`, and "the API enforces strict validation on
 * the current turn" (everything after the last user message): the first function call of each step
 * must come back with its signature, or the request is refused with a 400.
 */
import { isObject, type JsonObject } from '../../fakeLlm/json';
import type { RequestRule, ServiceAnswer } from './requestRule';

export function geminiThoughtSignatureRule(): RequestRule {
  return {
    name: 'gemini-thought-signatures',
    source: 'https://ai.google.dev/gemini-api/docs/thought-signatures (Function calling: strict validation; OpenAI compatibility)',
    check(body) {
      const contents = (Array.isArray(body.messages) ? body.messages.filter(isObject) : []).filter((message) => message.role !== 'system');
      const lastUser = contents.map((message) => message.role).lastIndexOf('user');
      for (let position = lastUser + 1; position < contents.length; position++) {
        const message = contents[position] as JsonObject;
        const first = Array.isArray(message.tool_calls) ? message.tool_calls.find(isObject) : undefined;
        if (message.role !== 'assistant' || first === undefined || signatureOf(first) !== undefined) continue;
        const name = isObject(first.function) && typeof first.function.name === 'string' ? first.function.name : '';
        return { reason: `the function call ${name} of the current turn has no thought signature`, answer: refusal(name, position) };
      }
      return undefined;
    },
  };
}

function signatureOf(call: JsonObject): string | undefined {
  const google = isObject(call.extra_content) ? call.extra_content.google : undefined;
  return isObject(google) && typeof google.thought_signature === 'string' && google.thought_signature !== '' ? google.thought_signature : undefined;
}

/**
 * The refusal as recorded in gemini/error-missing-thought-signature.json: a JSON array of one
 * error object. The function name and position are filled in; the position is this server's count
 * of the history's non-system messages.
 */
function refusal(name: string, position: number): ServiceAnswer {
  const message = `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${position}. please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
  return { status: 400, contentType: 'application/json; charset=UTF-8', body: JSON.stringify([{ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }], null, 2) };
}
