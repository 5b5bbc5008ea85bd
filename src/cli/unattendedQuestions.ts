import { defaultsAnswer } from '../core/mcp/elicitationAnswer';
import { elicitationFields } from '../core/mcp/elicitationForm';
import type { McpElicitation, McpElicitationAnswer } from '../core/mcp/mcpClientHandlers';
import { printableLine } from './printable';

/** `--mcp-questions`: how a run nobody watches (-p, piped input) answers an MCP server's question. */
export const mcpQuestionPolicies = ['decline', 'cancel', 'defaults'] as const;
export type McpQuestionPolicy = (typeof mcpQuestionPolicies)[number];

/**
 * Answers a server's question without asking anyone: `decline` or `cancel` as told; `defaults`
 * accepts a form with the schema's own defaults when every required field has one, and declines
 * otherwise (and always for a URL, which nobody is there to open). Each answer is noted on stderr.
 */
export function unattendedElicit(policy: McpQuestionPolicy, note: (line: string) => void): (question: McpElicitation) => Promise<McpElicitationAnswer> {
  return (question) => {
    const answer = answerOf(policy, question);
    const what = answer.action === 'accept' ? 'accepted with its defaults' : answer.action === 'decline' ? 'declined' : 'cancelled';
    note(`elbow: the MCP server "${printableLine(question.server, 64)}" asked a question; ${what} (--mcp-questions ${policy}).\n`);
    return Promise.resolve(answer);
  };
}

function answerOf(policy: McpQuestionPolicy, question: McpElicitation): McpElicitationAnswer {
  if (policy === 'cancel') return { action: 'cancel' };
  if (policy === 'decline' || question.mode === 'url') return { action: 'decline' };
  const content = defaultsAnswer(elicitationFields(question.requestedSchema));
  return content === undefined ? { action: 'decline' } : { action: 'accept', content };
}
