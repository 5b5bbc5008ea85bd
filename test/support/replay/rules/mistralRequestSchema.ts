/**
 * Mistral validates a Chat Completions request against its own schema and refuses any field it
 * does not know, at the top level and inside messages and tool calls, with a 422 listing every
 * one (FastAPI/pydantic `extra_forbidden`). The fields are those of the API's request models
 * (mistralai/client-python src/mistralai/models/chatcompletionstreamrequest.py @ 13d22ba,
 * assistantmessage.py and toolcall.py @ 1d406df; `index` on a tool call is accepted in
 * pydantic/pydantic-ai tests/models/cassettes/test_mistral/test_image_as_binary_content_tool_response.yaml @ 2d401cf).
 */
import { isObject, type JsonObject } from '../../fakeLlm/json';
import { jsonAnswer, type RequestRule } from './requestRule';

const topLevel = new Set([
  'model', 'messages', 'temperature', 'top_p', 'max_tokens', 'stream', 'stop', 'random_seed', 'metadata', 'response_format',
  'tools', 'tool_choice', 'presence_penalty', 'frequency_penalty', 'n', 'prediction', 'parallel_tool_calls', 'prompt_mode', 'safe_prompt',
]);
const messageFields: Record<string, Set<string>> = {
  system: new Set(['role', 'content']),
  user: new Set(['role', 'content']),
  assistant: new Set(['role', 'content', 'tool_calls', 'prefix']),
  tool: new Set(['role', 'content', 'tool_call_id', 'name']),
};
const toolCallFields = new Set(['id', 'type', 'function', 'index']);
const functionFields = new Set(['name', 'arguments']);

type Location = Array<string | number>;
interface ExtraField { type: 'extra_forbidden'; loc: Location; msg: string; input: unknown }

export function mistralRequestSchemaRule(): RequestRule {
  return {
    name: 'mistral-extra-forbidden',
    source: 'https://docs.mistral.ai/api/#tag/chat; 422 bodies in Gitlawb/openclaude#739, zeroclaw-labs/zeroclaw#2693, dnakov/anon-kode#53, charmbracelet/crush#1590',
    check(body) {
      const extra = extraFields(body);
      if (extra.length === 0) return undefined;
      // As Mistral answers today: {"detail":[{"type":"extra_forbidden","loc":["body","store"],"msg":"Extra inputs are not permitted","input":false}, …]} (Gitlawb/openclaude#739).
      return { reason: `fields Mistral does not know: ${extra.map((field) => field.loc.join('.')).join(', ')}`, answer: jsonAnswer(422, { detail: extra }) };
    },
  };
}

function extraFields(body: JsonObject): ExtraField[] {
  const found: ExtraField[] = [];
  const unknown = (value: JsonObject, known: Set<string>, at: Location): void => {
    for (const [key, input] of Object.entries(value)) if (!known.has(key)) found.push({ type: 'extra_forbidden', loc: [...at, key], msg: 'Extra inputs are not permitted', input });
  };
  for (const [key, input] of Object.entries(body)) {
    if (topLevel.has(key)) continue;
    // Recorded as {"loc":["body","stream_options","include_usage"], …} (dnakov/anon-kode#53).
    if (key === 'stream_options' && isObject(input)) unknown(input, new Set(), ['body', key]);
    else found.push({ type: 'extra_forbidden', loc: ['body', key], msg: 'Extra inputs are not permitted', input });
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((message: unknown, i) => {
    if (!isObject(message) || typeof message.role !== 'string') return;
    const known = messageFields[message.role];
    if (!known) return;
    unknown(message, known, ['body', 'messages', i, message.role]);
    const calls = message.role === 'assistant' && Array.isArray(message.tool_calls) ? message.tool_calls : [];
    calls.forEach((call: unknown, k) => {
      if (!isObject(call)) return;
      unknown(call, toolCallFields, ['body', 'messages', i, 'assistant', 'tool_calls', k]);
      if (isObject(call.function)) unknown(call.function, functionFields, ['body', 'messages', i, 'assistant', 'tool_calls', k, 'function']);
    });
  });
  return found;
}
