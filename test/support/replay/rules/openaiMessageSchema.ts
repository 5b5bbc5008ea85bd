/**
 * OpenAI's schema for the messages sent back: an assistant message or tool call with a field it
 * does not define is refused ("Additional properties are not allowed ('parsed', 'refusal' were
 * unexpected) - 'messages.2'", openai/openai-node#1161), and a tool call id is at most 40
 * characters ("Invalid 'messages[3].tool_calls[0].id': string too long. Expected a string with
 * maximum length 40, but got a string with length 41 instead.", microsoft/autogen#6377, vercel/ai#8132).
 */
import { errorResponse, ProtocolError } from '../../fakeLlm/errors';
import { isObject } from '../../fakeLlm/json';
import type { RequestRule, RuleBreak } from './requestRule';

const assistantFields = new Set(['role', 'content', 'name', 'tool_calls', 'function_call', 'refusal', 'audio']);
const toolCallFields = new Set(['id', 'type', 'function']);
const maxIdLength = 40;

export function openaiMessageSchemaRule(): RequestRule {
  return {
    name: 'openai-message-schema',
    source: 'https://platform.openai.com/docs/api-reference/chat/create (messages); 400 bodies in openai/openai-node#1161, microsoft/autogen#6377',
    check(body) {
      const messages = Array.isArray(body.messages) ? body.messages : [];
      for (const [i, message] of messages.entries()) {
        if (!isObject(message) || message.role !== 'assistant') continue;
        const extra = Object.keys(message).filter((key) => !assistantFields.has(key));
        if (extra.length > 0) return refusal(additionalProperties(extra, `messages.${i}`));
        const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
        for (const [k, call] of calls.entries()) {
          if (!isObject(call)) continue;
          const extraInCall = Object.keys(call).filter((key) => !toolCallFields.has(key));
          if (extraInCall.length > 0) return refusal(additionalProperties(extraInCall, `messages.${i}.tool_calls.${k}`));
          const id = String(call.id);
          if (id.length > maxIdLength) {
            const param = `messages[${i}].tool_calls[${k}].id`;
            return refusal(new ProtocolError(
              `Invalid '${param}': string too long. Expected a string with maximum length ${maxIdLength}, but got a string with length ${id.length} instead.`,
              400, param, 'string_above_max_length',
            ));
          }
        }
      }
      return undefined;
    },
  };
}

function additionalProperties(keys: string[], at: string): ProtocolError {
  const list = keys.map((key) => `'${key}'`).join(', ');
  return new ProtocolError(`Additional properties are not allowed (${list} ${keys.length === 1 ? 'was' : 'were'} unexpected) - '${at}'`);
}

function refusal(error: ProtocolError): RuleBreak {
  const { status, headers, body } = errorResponse('openai', error);
  return { reason: error.message, answer: { status, contentType: headers['content-type'] ?? 'application/json', body } };
}
