import type { AgentSettings } from '../../src/core/agent/agentSettings';
import type { FakeLlmServer, RecordedRequest } from './fakeLlmServer';

/** Both wire APIs the subagent tests run against. */
export const subagentApis = ['openai', 'anthropic'] as const;
export type SubagentApi = (typeof subagentApis)[number];

/** Settings for a session talking to the fake server on `api`. */
export function settingsFor(api: SubagentApi, server: FakeLlmServer, extra: Partial<AgentSettings> = {}): AgentSettings {
  const base = api === 'openai'
    ? { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }
    : { provider: 'anthropic', model: 'claude-sonnet-4-6', baseUrl: server.anthropicBaseUrl };
  return { ...base, ...extra };
}

interface SentBody {
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name?: string; function?: { name: string } }>;
}

function bodyOf(request: RecordedRequest | undefined): SentBody {
  return (request?.body ?? { messages: [] }) as SentBody;
}

/** The first user message of a request, as JSON text: a child's task, or the user's prompt. */
export function firstUserText(request: RecordedRequest | undefined): string {
  return JSON.stringify(bodyOf(request).messages.find((message) => message.role === 'user')?.content);
}

/** The names of the tools a request offers, on either API. */
export function offeredToolNames(request: RecordedRequest | undefined): string[] {
  return (bodyOf(request).tools ?? []).map((tool) => tool.function?.name ?? tool.name ?? '').sort();
}

/** Whether the request carries a tool's result, i.e. it follows a call the model made. */
export function carriesToolResult(request: RecordedRequest | undefined): boolean {
  return bodyOf(request).messages.some((message) => message.role === 'tool' || (Array.isArray(message.content) && message.content.some((block: { type?: string }) => block.type === 'tool_result')));
}

/** The whole request body as text. */
export function sentText(request: RecordedRequest | undefined): string {
  return JSON.stringify(request?.body);
}
