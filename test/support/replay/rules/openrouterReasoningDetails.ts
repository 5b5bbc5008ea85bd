/**
 * OpenRouter reasoning: "reasoning_details ... must be passed back unmodified" on the assistant
 * message to preserve reasoning across turns (required for tool use with some models). OpenRouter
 * does not refuse a request without them, so a break is recorded, not answered with an error.
 */
import { isObject, type JsonObject } from '../../fakeLlm/json';
import { servedOpenAiReply, type ServedOpenAiReply } from '../servedReply';
import type { RequestRule } from './requestRule';

export function openrouterReasoningDetailsRule(): RequestRule {
  const served: ServedOpenAiReply[] = [];
  return {
    name: 'openrouter-reasoning-details',
    source: 'https://openrouter.ai/docs/use-cases/reasoning-tokens (Preserving reasoning blocks)',
    served(recording) {
      const reply = servedOpenAiReply(recording);
      if (reply.reasoningDetails.length > 0) served.push(reply);
    },
    check(body) {
      const assistants = (Array.isArray(body.messages) ? body.messages.filter(isObject) : []).filter((m) => m.role === 'assistant');
      for (const reply of served) {
        const message = assistants.find((candidate) => answers(candidate, reply));
        if (message && !sameDetails(message.reasoning_details, reply.reasoningDetails)) {
          return { reason: 'an assistant message OpenRouter produced came back without its reasoning_details unchanged' };
        }
      }
      return undefined;
    },
  };
}

function answers(message: JsonObject, reply: ServedOpenAiReply): boolean {
  const ids = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject).map((call) => call.id) : [];
  if (reply.toolCallIds.length > 0) return reply.toolCallIds.every((id) => ids.includes(id));
  return typeof message.content === 'string' && message.content.trim() === reply.content.trim() && reply.content.trim() !== '';
}

/** Streamed details arrive in pieces that clients merge by index; both forms count as unchanged. */
function sameDetails(sent: unknown, received: JsonObject[]): boolean {
  if (!Array.isArray(sent)) return false;
  return JSON.stringify(merged(sent.filter(isObject))) === JSON.stringify(merged(received));
}

function merged(details: JsonObject[]): Array<Record<string, string>> {
  const byKey = new Map<string, Record<string, string>>();
  details.forEach((detail, position) => {
    const key = `${String(detail.type)}:${typeof detail.index === 'number' ? detail.index : `at${position}`}`;
    const entry = byKey.get(key) ?? { type: String(detail.type) };
    for (const field of ['text', 'summary', 'data', 'signature']) {
      if (typeof detail[field] === 'string') entry[field] = (entry[field] ?? '') + (detail[field] as string);
    }
    byKey.set(key, entry);
  });
  return [...byKey.values()];
}
