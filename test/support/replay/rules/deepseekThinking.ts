/**
 * DeepSeek thinking mode (on by default): "Between two user messages, if the model performed a
 * tool call, the intermediate assistant's reasoning_content must participate in the context
 * concatenation and must be passed back to the API in all subsequent user interaction turns."
 * The API refuses the request otherwise. An accepted request (deepseek/tool-loop-request-accepted.json)
 * shows an empty string counts as passed back.
 */
import { isObject, type JsonObject } from '../../fakeLlm/json';
import { jsonAnswer, type RequestRule } from './requestRule';

// The refusal as DeepSeek sends it, quoted in Factory-AI/factory#1091 and anomalyco/opencode#24083.
const refusal = jsonAnswer(400, {
  error: {
    message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_request_error',
  },
});

export function deepseekThinkingRule(): RequestRule {
  return {
    name: 'deepseek-thinking-reasoning-content',
    source: 'https://api-docs.deepseek.com/guides/thinking_mode (Input and Output Parameters; Tool Calls)',
    check(body) {
      if (isObject(body.thinking) && body.thinking.type === 'disabled') return undefined;
      const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
      for (const segment of betweenUserMessages(messages)) {
        const assistants = segment.filter((message) => message.role === 'assistant');
        if (!assistants.some(hasToolCalls)) continue;
        const missing = assistants.find((message) => typeof message.reasoning_content !== 'string');
        if (missing) return { reason: `assistant message ${messages.indexOf(missing)} of a tool loop has no reasoning_content`, answer: refusal };
      }
      return undefined;
    },
  };
}

function betweenUserMessages(messages: JsonObject[]): JsonObject[][] {
  const segments: JsonObject[][] = [[]];
  for (const message of messages) {
    if (message.role === 'user') segments.push([]);
    else segments.at(-1)?.push(message);
  }
  return segments;
}

function hasToolCalls(message: JsonObject): boolean {
  return Array.isArray(message.tool_calls) && message.tool_calls.length > 0;
}
