import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { conversationState } from '../../../../src/core/agent/conversationState';
import { contextBudget } from '../../../../src/core/context/contextBudget';
import { userText, type Message, type ToolResultBlock } from '../../../../src/core/llm/messages';
import type { ModelLimits } from '../../../../src/core/llm/modelCatalog';
import type { ChatRequest, ProviderEvent } from '../../../../src/core/llm/provider';
import { ProviderError } from '../../../../src/core/llm/providerError';
import { readFileTool } from '../../../../src/core/tools/builtin/readFile';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { assistantMessage, assistantText } from '../../../support/messageBuilders';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const limits: ModelLimits = { contextWindow: 20_000, maxOutputTokens: 2_000, known: true };
const budget = contextBudget(limits);
const noRetry = { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };
const SUMMARY = '## Goal\nFind the bug.\n## Remaining work\nRead the new file.';

/** A source file of `lines` lines of about 45 characters, each naming its file and line. */
function sourceFile(name: string, lines: number): string {
  return `${Array.from({ length: lines }, (_, index) => `export const ${name}${index + 1} = ${index + 1}; // ${'-'.repeat(20)}`).join('\n')}\n`;
}

function readCalls(...paths: string[]): ProviderEvent[] {
  return [{ type: 'done', message: assistantMessage(...paths.map((path, index) => ({ type: 'tool_call' as const, id: `call-${index}-${path}`, name: 'read_file', arguments: JSON.stringify({ path }) }))) }];
}

function reply(text: string): ProviderEvent[] {
  return [{ type: 'done', message: assistantText(text) }];
}

function toolResults(request: ChatRequest | undefined): ToolResultBlock[] {
  return (request?.messages ?? []).flatMap((message: Message) => (message.role === 'tool' ? message.results : []));
}

function isSummaryRequest(request: ChatRequest | undefined): boolean {
  return JSON.stringify(request?.messages.at(-1)).includes('Your context window is filling up');
}

describe('compaction and the results the model has not seen', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;

  beforeEach(async () => {
    ws = await createTempWorkspace({
      'src/new.ts': sourceFile('fresh', 180),
      ...Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`src/${name}.ts`, sourceFile(name, 500)])),
    });
    provider = new ScriptedProvider();
  });
  afterEach(() => ws.cleanup());

  function session(history: Message[]): AgentSession {
    const registry = new ToolRegistry();
    registry.register(readFileTool);
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry, limits, retry: noRetry }), conversation: conversationState({ messages: history }) });
  }

  it('summarises what the model has seen and sends the new result whole after the summary', async () => {
    // A long exchange the model has seen: it fills most of the room up to the summary threshold.
    const chat = session([userText('Find the bug.'), assistantText(`I looked around. ${'Notes on the code. '.repeat(2_600)}`)]);
    provider.enqueue(readCalls('src/new.ts'), reply(SUMMARY), reply('The bug is in fresh42.'));
    const events: AgentEvent[] = [];
    const outcome = await chat.send('Now read src/new.ts.', (event) => events.push(event));

    assert.deepEqual(outcome, { reason: 'completed', text: 'The bug is in fresh42.' });
    assert.equal(provider.requests.length, 3);
    const [, summaryRequest, afterSummary] = provider.requests;
    assert.ok(isSummaryRequest(summaryRequest), 'the second request asks for the summary');
    assert.deepEqual(toolResults(summaryRequest), [], 'the new result is not in what is summarised');
    assert.doesNotMatch(JSON.stringify(summaryRequest?.messages), /fresh42/);

    const messages = afterSummary?.messages ?? [];
    assert.equal(messages.length, 3, 'the summary, the call, the result');
    assert.match(JSON.stringify(messages[0]), /## Goal\\nFind the bug\./);
    assert.equal(messages[1]?.role, 'assistant');
    const [result] = toolResults(afterSummary);
    const sent = result?.content[0]?.type === 'text' ? result.content[0].text : '';
    assert.ok(sent.includes('180\texport const fresh180 = 180;'), 'the whole file');
    assert.doesNotMatch(sent, /cut to fit/);
    const toolEvent = events.find((event) => event.type === 'tool_result');
    assert.equal(toolEvent?.type === 'tool_result' && toolEvent.text, sent, 'exactly what the tool returned');
  });

  it('cuts the newest results with a note on how to read on when they alone do not fit, without a summary of nothing', async () => {
    const chat = session([]);
    provider.enqueue(readCalls('src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts'), reply('Read them.'));
    const events: AgentEvent[] = [];
    const outcome = await chat.send('Read the four files.', (event) => events.push(event));

    assert.deepEqual(outcome, { reason: 'completed', text: 'Read them.' });
    assert.equal(provider.requests.length, 2, 'no summary request: the model has seen nothing to summarise');
    const results = toolResults(provider.requests[1]);
    assert.equal(results.length, 4);
    for (const [index, result] of results.entries()) {
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      const lastLine = Number(/(\d+)\texport[^\n]*\n\[…/.exec(text)?.[1]);
      assert.ok(lastLine > 50 && lastLine < 500, `result ${index} keeps a page: up to line ${lastLine}`);
      assert.match(text, new RegExp(`cut to fit the model's context window\\. To read on, call read_file with offset: ${lastLine + 1} \\(and a smaller limit\\)\\.\\]$`));
    }
    const cut = events.find((event) => event.type === 'compaction');
    assert.equal(cut?.type === 'compaction' && cut.layer === 1 && cut.newest === true && cut.shortenedResults, 4);
    const sentSizes = events.filter((event): event is Extract<AgentEvent, { type: 'context' }> => event.type === 'context' && event.estimated);
    assert.ok((sentSizes.at(-1)?.usedTokens ?? Infinity) < budget.summarizeAt, `the request went out at ${sentSizes.at(-1)?.usedTokens} tokens`);
  });

  it('cuts the newest results when the provider refuses a request the estimate thought would fit, and sends it again', async () => {
    const chat = session([]);
    provider.enqueue(
      readCalls('src/new.ts'),
      [{ type: 'error', error: new ProviderError('context_overflow', 'prompt is too long: 21000 tokens > 20000 maximum') }],
      reply('Read it.'),
    );
    const events: AgentEvent[] = [];
    const outcome = await chat.send('Read src/new.ts.', (event) => events.push(event));

    assert.deepEqual(outcome, { reason: 'completed', text: 'Read it.' });
    assert.equal(provider.requests.length, 3, 'the call, the refused request, the one sent again: no summary of nothing');
    const [refused] = toolResults(provider.requests[1]);
    const [sentAgain] = toolResults(provider.requests[2]);
    const textOf = (block: ToolResultBlock | undefined): string => (block?.content[0]?.type === 'text' ? block.content[0].text : '');
    assert.ok(textOf(sentAgain).length < textOf(refused).length, 'the result was cut');
    assert.match(textOf(sentAgain), /cut to fit the model's context window\. To read on, call read_file with offset: \d+ /);
    const cut = events.find((event) => event.type === 'compaction');
    assert.equal(cut?.type === 'compaction' && `${cut.reason} ${cut.newest === true}`, 'overflow true');
  });

  it('when the summary fails, cuts the newest results only as far as the window needs, not to the summary threshold', async () => {
    const chat = session([userText('Find the bug.'), assistantText(`I looked around. ${'Notes on the code. '.repeat(2_600)}`)]);
    provider.enqueue(readCalls('src/a.ts', 'src/b.ts'), [{ type: 'error', error: new ProviderError('server', 'The server is down.') }], reply('Read both.'));
    const events: AgentEvent[] = [];
    const outcome = await chat.send('Read src/a.ts and src/b.ts.', (event) => events.push(event));

    assert.deepEqual(outcome, { reason: 'completed', text: 'Read both.' });
    assert.ok(events.some((event) => event.type === 'compaction_failed'));
    const results = toolResults(provider.requests[2]);
    assert.equal(results.length, 2);
    for (const result of results) {
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      assert.match(text, /cut to fit the model's context window\. To read on, call read_file with offset: \d+ /);
      assert.ok(text.length > 5_000, `a page of ${text.length} characters is kept, not the least possible`);
    }
    const sent = events.filter((event): event is Extract<AgentEvent, { type: 'context' }> => event.type === 'context' && event.estimated).at(-1)?.usedTokens ?? Infinity;
    assert.ok(sent >= budget.summarizeAt && sent < budget.windowTokens - budget.outputReserve, `sent at ${sent} tokens`);
  });
});
