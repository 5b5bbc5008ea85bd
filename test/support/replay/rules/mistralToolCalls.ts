/**
 * Mistral's rules for tool calls in the history: every id is exactly nine letters and digits, on
 * the assistant's calls and on the tool messages answering them; and a user message never comes
 * right after tool results (an assistant message comes between). Both are refused with a 400 in
 * Mistral's own error shape.
 */
import { isObject, type JsonObject } from '../../fakeLlm/json';
import { jsonAnswer, type RequestRule, type RuleBreak } from './requestRule';

const mistralId = /^[a-zA-Z0-9]{9}$/;

export function mistralToolCallRule(): RequestRule {
  return {
    name: 'mistral-tool-calls',
    source: 'https://docs.mistral.ai/capabilities/function_calling/; 400 bodies in editor-code-assistant/eca#233 (ids) and datapizza-labs/datapizza-ai#98 (order)',
    check(body) {
      const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
      return badId(messages) ?? badOrder(messages);
    },
  };
}

function badId(messages: JsonObject[]): RuleBreak | undefined {
  for (const id of messages.flatMap(idsOf)) {
    if (mistralId.test(id)) continue;
    // {"object":"error","message":"Tool call id was 2968-LWy3uasib but must be a-z, A-Z, 0-9, with a length of 9.","type":"invalid_function_call","param":null,"code":"3280"}
    const message = `Tool call id was ${id} but must be a-z, A-Z, 0-9, with a length of 9.`;
    return { reason: message, answer: jsonAnswer(400, { object: 'error', message, type: 'invalid_function_call', param: null, code: '3280' }) };
  }
  return undefined;
}

function idsOf(message: JsonObject): string[] {
  if (message.role === 'tool') return [String(message.tool_call_id)];
  const calls = message.role === 'assistant' && Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : [];
  return calls.map((call) => String(call.id));
}

function badOrder(messages: JsonObject[]): RuleBreak | undefined {
  const at = messages.findIndex((message, i) => message.role === 'user' && messages[i - 1]?.role === 'tool');
  if (at < 0) return undefined;
  // {"object":"error","message":"Unexpected role 'user' after role 'tool'","type":"invalid_request_message_order","param":null,"code":"3230"}
  const message = "Unexpected role 'user' after role 'tool'";
  return { reason: `message ${at}: ${message}`, answer: jsonAnswer(400, { object: 'error', message, type: 'invalid_request_message_order', param: null, code: '3230' }) };
}
