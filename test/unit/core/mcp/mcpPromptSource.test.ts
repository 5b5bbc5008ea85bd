import assert from 'node:assert/strict';
import type { SlashEntry, SlashSource } from '../../../../src/core/customize/slashSource';
import type { ImageBlock, TextBlock } from '../../../../src/core/llm/messages';
import type { McpManager } from '../../../../src/core/mcp/mcpManager';
import { mcpPromptEntryNamed, mcpPromptSource } from '../../../../src/core/mcp/mcpPromptSource';
import { maxPromptCharacters, maxResourceCharacters } from '../../../../src/core/mcp/mcpPromptMessage';
import { everythingServerScript, McpTestLog, mcpManagerOf, nodeServer, onePixelPng, promptServerArgs, repositoryRoot } from '../../../support/mcpServers';

const signal = new AbortController().signal;
const none = { text: '', values: {} };

describe('MCP servers\' prompts as slash commands', function () {
  this.timeout(60_000);
  let manager: McpManager;
  let log: McpTestLog;
  let source: SlashSource;

  before(async () => {
    log = new McpTestLog();
    manager = mcpManagerOf([
      nodeServer('everything', [everythingServerScript]),
      nodeServer('prompts', promptServerArgs, { cwd: repositoryRoot, timeoutMs: 1_500 }),
      nodeServer('tools only', ['--input-type=module', '-e', toolsOnlyServer], { cwd: repositoryRoot }),
    ], { log });
    await manager.prepare(signal);
    source = mcpPromptSource(manager);
  });
  after(() => manager.dispose());

  const entry = (name: string): SlashEntry => {
    const found = mcpPromptEntryNamed(source.entries(), name);
    assert.ok(found, `${name} is offered; offered: ${source.entries().map((candidate) => candidate.name).join(', ')}\n${log.lines.join('\n')}`);
    return found;
  };
  const textOf = (content: string | ReadonlyArray<TextBlock | ImageBlock>): string =>
    typeof content === 'string' ? content : content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');

  it('lists every page of prompts/list, as /mcp.<server>.<prompt>, with arguments and required flags', () => {
    const names = source.entries().map((candidate) => candidate.name);
    assert.deepEqual(names.filter((name) => name.startsWith('mcp.prompts.')), ['mcp.prompts.with-image', 'mcp.prompts.huge', 'mcp.prompts.broken', 'mcp.prompts.conversation', 'mcp.prompts.slow']);
    assert.ok(names.includes('mcp.everything.simple-prompt'));
    const args = entry('mcp.everything.args-prompt');
    assert.deepEqual({ kind: args.kind, source: args.source, description: args.description, hint: args.argumentHint }, { kind: 'mcp', source: 'everything', description: 'A prompt with two arguments, one required and one optional', hint: '<city> [state]' });
    assert.deepEqual(args.arguments, [{ name: 'city', description: 'Name of the city', required: true }, { name: 'state', required: false }]);
  });

  it('bounds what a server gives: a name that cannot be typed is left out, a long description is cut', () => {
    assert.equal(source.entries().some((candidate) => candidate.name.includes('bad')), false);
    assert.match(log.lines.join('\n'), /MCP server "prompts": 1 of its prompts are not offered/);
    assert.ok(entry('mcp.prompts.conversation').description.length <= 300);
  });

  it('lists nothing for a server that declares no prompts capability, and never asks it', () => {
    assert.equal(source.entries().some((candidate) => candidate.source === 'tools only'), false);
    assert.doesNotMatch(log.lines.join('\n'), /tools only.*prompts/);
  });

  it('finds a command typed in Claude Code\'s form, /mcp__<server>__<prompt>, too', () => {
    assert.equal(mcpPromptEntryNamed(source.entries(), '/mcp__everything__simple-prompt')?.name, 'mcp.everything.simple-prompt');
    assert.equal(mcpPromptEntryNamed(source.entries(), 'mcp__tools_only__anything'), undefined);
  });

  it('expands a prompt without arguments into its text', async () => {
    assert.equal(await source.expand(entry('mcp.everything.simple-prompt'), none, signal), 'This is a simple prompt without arguments.');
  });

  it('sends text no argument takes after the prompt, so nothing typed is lost', async () => {
    assert.equal(await source.expand(entry('mcp.everything.simple-prompt'), { text: ' and keep it "short"', values: {} }, signal), 'This is a simple prompt without arguments.\n\nand keep it "short"');
  });

  it('passes the values asked for, and words typed after the name, as the prompt\'s arguments', async () => {
    const args = entry('mcp.everything.args-prompt');
    assert.equal(await source.expand(args, { text: '', values: { city: 'Lisbon', state: 'Lisboa' } }, signal), 'What\'s weather in Lisbon, Lisboa?');
    assert.equal(await source.expand(args, { text: 'state=Texas "El Paso"', values: {} }, signal), 'What\'s weather in El Paso, Texas?');
    assert.equal(await source.expand(args, { text: 'Austin', values: {} }, signal), 'What\'s weather in Austin?');
  });

  it('refuses a missing required argument with an Error that names it, before asking the server', async () => {
    await assert.rejects(source.expand(entry('mcp.everything.args-prompt'), { text: '', values: { state: 'Texas' } }, signal), /\/mcp\.everything\.args-prompt needs "city" \(Name of the city\)/);
  });

  it('passes images as image blocks', async () => {
    const content = await source.expand(entry('mcp.prompts.with-image'), none, signal);
    assert.deepEqual(content, [{ type: 'text', text: 'Describe this picture.' }, { type: 'image', mediaType: 'image/png', data: onePixelPng }]);
  });

  it('quotes the prompt\'s assistant turns as context and gives an embedded resource as text, each bounded', async () => {
    const text = textOf(await source.expand(entry('mcp.prompts.conversation'), { text: 'tests', values: { tone: 'dry' } }, signal));
    const expected = `Talk about tests in a dry tone.\n\nFrom an earlier reply in this prompt (assistant):\n> Sure.\n> What first?\n\nResource file:///notes.txt (text/plain):\n${'N'.repeat(maxResourceCharacters)}\n[… 10,000 more characters of this resource were cut.]`;
    assert.equal(text.length, expected.length);
    assert.ok(text === expected, `ends with: ${text.slice(-120)}`);
  });

  it('cuts a huge prompt and says so', async () => {
    const size = maxPromptCharacters + 12_345;
    const text = textOf(await source.expand(entry('mcp.prompts.huge'), { text: String(size), values: {} }, signal));
    assert.equal(text.indexOf('\n'), maxPromptCharacters, 'the first 60,000 characters are kept, then the note');
    assert.ok(/^A+$/.test(text.slice(0, maxPromptCharacters)));
    assert.match(text, /\[… 12,345 more characters of \/mcp\.prompts\.huge were cut: it returned more than 60,000 characters\.\]$/);
  });

  it('turns a server\'s error and a server that does not answer in time into readable Errors', async () => {
    await assert.rejects(source.expand(entry('mcp.prompts.broken'), none, signal), /The MCP server "prompts" could not return the prompt broken: .*the prompt template is missing/);
    await assert.rejects(source.expand(entry('mcp.prompts.slow'), none, signal), /The MCP server "prompts" did not return the prompt slow within 1\.5 s, its timeout/);
  });

  it('offers no prompts of a server that stopped, and says why when one is run', async () => {
    const stale = entry('mcp.everything.simple-prompt');
    await manager.connection('everything')?.stop();
    assert.equal(source.entries().some((candidate) => candidate.source === 'everything'), false);
    await assert.rejects(source.expand(stale, none, signal), /\/mcp\.everything\.simple-prompt is no longer offered: its MCP server "everything" stopped/);
  });
});

/** A server with a tool and no prompts capability: asking it for prompts would be an error it logs. */
const toolsOnlyServer = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'tools-only', version: '1.0.0' });
server.registerTool('noop', { description: 'Does nothing.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
await server.connect(new StdioServerTransport());
`;
