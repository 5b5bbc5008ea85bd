/**
 * Anthropic extended thinking with tool use: "you must pass thinking blocks back to the API for the
 * last assistant message", unchanged, signature included (redacted thinking too); the API checks
 * the signatures and refuses altered or missing blocks. The checks themselves are the fake server's
 * Messages validation, fed with the thinking this server actually served.
 */
import { errorResponse, ProtocolError } from '../../fakeLlm/errors';
import { validateAnthropicRequest } from '../../fakeLlm/anthropicValidation';
import { ThinkingMemory } from '../../fakeLlm/thinkingMemory';
import { servedAnthropicReply } from '../servedReply';
import type { RequestRule } from './requestRule';

export function anthropicThinkingRule(): RequestRule {
  const memory = new ThinkingMemory();
  return {
    name: 'anthropic-messages-thinking',
    source: 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking (Preserving thinking blocks; Extended thinking with tool use)',
    served(recording) {
      const reply = servedAnthropicReply(recording);
      memory.remember(reply.thinking, reply.toolUseIds, reply.redacted);
    },
    check(body) {
      try {
        validateAnthropicRequest(body, memory);
        return undefined;
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        const { status, headers, body: answer } = errorResponse('anthropic', error);
        return { reason: error.message, answer: { status, contentType: headers['content-type'] ?? 'application/json', body: answer } };
      }
    },
  };
}
