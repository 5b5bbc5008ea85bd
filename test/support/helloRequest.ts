/**
 * The request a plain "hello" sends in a fresh conversation, captured at the fake server, and
 * its size in real tokens (OpenAI's o200k_base encoding).
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { encode } from 'gpt-tokenizer';
import { createAgentSession } from '../../src/core/agent/createAgentSession';
import { conversationState } from '../../src/core/agent/conversationState';
import type { ConversationMode } from '../../src/core/tools/conversationMode';
import type { CodeNavigation } from '../../src/core/host/codeNavigation';
import type { AgentHost } from '../../src/core/host/host';
import { createNodeHost } from '../../src/node/createNodeHost';
import { NodeWebPageFetcher } from '../../src/node/web/nodeWebPageFetcher';
import { FakeDiagnostics } from './fakeDiagnostics';
import { startFakeLlmServer, text } from './fakeLlmServer';

export interface HelloTokens {
  system: number;
  tools: number;
  messages: number;
  total: number;
  toolCount: number;
  toolNames: string[];
}

export async function measureHello(mode: ConversationMode = 'act'): Promise<HelloTokens> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-hello-'));
  const server = await startFakeLlmServer();
  try {
    server.enqueue({ kind: 'reply', content: [text('Hello! What can I do for you?')] });
    const session = await createAgentSession({
      host: await hostWithEveryTool(root),
      settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl },
      apiKey: server.apiKey,
      conversation: conversationState({ mode }),
    });
    await session.send('hello', () => undefined);
    await session.dispose();
    const body = server.requests[0]?.body as { messages: Array<{ role: string; content: string | Array<{ text?: string }> }>; tools: Array<{ function: { name: string } }> };
    const system = body.messages.filter((message) => message.role === 'system').map((message) => contentText(message.content)).join('\n');
    const others = body.messages.filter((message) => message.role !== 'system').map((message) => contentText(message.content)).join('\n');
    const counts = { system: encode(system).length, tools: encode(JSON.stringify(body.tools)).length, messages: encode(others).length };
    return { ...counts, total: counts.system + counts.tools + counts.messages, toolCount: body.tools.length, toolNames: body.tools.map((tool) => tool.function.name) };
  } finally {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** The terminal's host (with its web page reader) plus what only VS Code has (the editor's problems, code navigation), so every tool is offered. */
async function hostWithEveryTool(root: string): Promise<AgentHost> {
  const unanswered = async (): Promise<undefined> => undefined;
  const codeNavigation: CodeNavigation = { definitions: unanswered, references: unanswered, hover: unanswered, documentSymbols: unanswered, workspaceSymbols: unanswered };
  return { ...(await createNodeHost([root], { web: new NodeWebPageFetcher({ allowedHosts: () => [] }) })), diagnostics: new FakeDiagnostics(), codeNavigation };
}

/** A message's text: OpenAI's content is a string, or text parts when a message has several blocks. */
function contentText(content: string | Array<{ text?: string }>): string {
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('\n');
}
