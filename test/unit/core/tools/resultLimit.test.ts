import assert from 'node:assert/strict';
import { contextBudget } from '../../../../src/core/context/contextBudget';
import { textTokens } from '../../../../src/core/context/tokenEstimate';
import { mcpToolOutput, maxResultCharacters } from '../../../../src/core/mcp/mcpToolResult';
import { builtinTools } from '../../../../src/core/tools/builtin/index';
import { COMMAND_OUTPUT_LIMIT, outputForModel } from '../../../../src/core/tools/builtin/commands/commandOutputText';
import { READ_MAX_BYTES } from '../../../../src/core/tools/builtin/readFile';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { pageCharacters, resultLimitFor, type ResultLimit } from '../../../../src/core/tools/resultLimit';
import { defineTool, type ToolContext } from '../../../../src/core/tools/tool';
import { z } from 'zod';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** The limit a session gives its tools for a model with this window (and the unknown model's 4,096-token output limit). */
function limitFor(window: number): ResultLimit {
  return resultLimitFor(contextBudget({ contextWindow: window, maxOutputTokens: 4_096 }));
}

const SMALL_WINDOWS = [4_000, 8_000, 32_000] as const;

/** 100 KB of source: 2,500 lines of about 40 characters. */
const source = Array.from({ length: 2_500 }, (_, index) => `export const value${index} = ${index} * 2; // line`).join('\n');

describe('tool results within the window', () => {
  describe('resultLimitFor', () => {
    it('gives a quarter of the room a request has, in tokens as the quick count counts them', () => {
      assert.deepEqual(limitFor(32_000), { tokens: 6_976, characters: 27_904 });
      assert.deepEqual(limitFor(8_000), { tokens: 1_500, characters: 6_000 });
      assert.deepEqual(limitFor(4_000), { tokens: 750, characters: 3_000 });
    });

    it('keeps a page worth reading even for a window too small for anything', () => {
      assert.deepEqual(limitFor(1_000), { tokens: 500, characters: 2_000 });
    });

    it('makes pages smaller where the provider counts more tokens than the quick count, never larger where it counts fewer', () => {
      assert.equal(resultLimitFor({ windowTokens: 32_000, outputReserve: 4_096 }, 2).characters, 13_952);
      assert.equal(resultLimitFor({ windowTokens: 32_000, outputReserve: 4_096 }, 0.5).characters, 27_904);
    });

    it('leaves each tool its own limit for large windows, and when the window is unknown', () => {
      for (const window of [128_000, 200_000, 1_000_000]) {
        const limit = limitFor(window);
        assert.equal(pageCharacters(limit, READ_MAX_BYTES), READ_MAX_BYTES, `window ${window}`);
        assert.equal(pageCharacters(limit, COMMAND_OUTPUT_LIMIT), COMMAND_OUTPUT_LIMIT);
        assert.equal(pageCharacters(limit, maxResultCharacters), maxResultCharacters);
      }
      assert.equal(pageCharacters(undefined, READ_MAX_BYTES), READ_MAX_BYTES);
    });
  });

  describe('the tools', () => {
    let temp: TempWorkspace;
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);

    beforeEach(async () => {
      temp = await createTempWorkspace({
        'src/big.ts': `${source}\n`,
        'logs/app.log': `${Array.from({ length: 3_000 }, (_, index) => `2026-01-01T00:00:${index} ERROR request ${index} failed`).join('\n')}\n`,
        ...Object.fromEntries(Array.from({ length: 600 }, (_, index) => [`many/file-with-a-long-name-${index}.txt`, 'x'])),
      });
    });
    afterEach(() => temp.cleanup());

    async function call(name: string, input: object, limit: ResultLimit | undefined): Promise<string> {
      const context: ToolContext = { ...temp.context(), ...(limit === undefined ? {} : { resultLimit: limit }) };
      const { result } = await registry.run({ type: 'tool_call', id: 'call-1', name, arguments: JSON.stringify(input) }, context);
      assert.equal(result.isError, false, JSON.stringify(result));
      return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    }

    for (const window of SMALL_WINDOWS) {
      it(`read_file pages a 100 KB file for a ${window.toLocaleString('en-US')}-token window, each page within the limit, the notes reading on to the end`, async () => {
        const limit = limitFor(window);
        const lines: string[] = [];
        let offset: number | undefined = 1;
        let pages = 0;
        while (offset !== undefined) {
          const text = await call('read_file', { path: 'src/big.ts', offset }, limit);
          pages++;
          assert.ok(textTokens(text) <= limit.tokens, `a page of ${textTokens(text)} tokens over ${limit.tokens}`);
          const [body] = text.split('\n\n[');
          lines.push(...(body ?? '').split('\n').map((line) => line.replace(/^ *\d+\t/, '')));
          const next = /To read on, call read_file with offset: (\d+)\./.exec(text)?.[1];
          offset = next === undefined ? undefined : Number(next);
        }
        assert.equal(lines.join('\n'), source, 'the pages hold the whole file, in order, once');
        assert.ok(pages >= Math.ceil(source.length / limit.characters), `${pages} pages`);
      });
    }

    it('read_file keeps today\'s 100 KB pages for a large window and for an unknown one', async () => {
      for (const limit of [limitFor(200_000), undefined]) {
        const text = await call('read_file', { path: 'src/big.ts' }, limit);
        assert.match(text, /\[Showing lines 1–2000 of 2500\. To read on, call read_file with offset: 2001\.\]$/);
      }
    });

    it('search shows fewer matches for a small window, with the note to narrow it', async () => {
      const limit = limitFor(4_000);
      const text = await call('search', { pattern: 'ERROR', path: 'logs' }, limit);
      assert.ok(textTokens(text) <= limit.tokens, `${textTokens(text)} tokens`);
      assert.match(text, /\[\d+ of the matches are shown; there are more\. Narrow the search/);
      const large = await call('search', { pattern: 'ERROR', path: 'logs' }, limitFor(200_000));
      assert.equal(large.split('\n').filter((line) => line.includes('ERROR')).length, 200);
    });

    it('list_files lists fewer entries for a small window, and says so', async () => {
      const limit = limitFor(4_000);
      const text = await call('list_files', { path: 'many' }, limit);
      assert.ok(textTokens(text) <= limit.tokens, `${textTokens(text)} tokens`);
      assert.match(text, /\[Only the first \d+ entries are shown; there are more\./);
      const large = await call('list_files', { path: 'many' }, limitFor(200_000));
      assert.doesNotMatch(large, /Only the first/);
    });

    it('read_command_output pages a long output by the limit, saying where to continue', async () => {
      const id = temp.commands.newId();
      temp.commands.recordFinished(id, 'make', Array.from({ length: 400 }, (_, index) => `compiling unit ${index} of the project`).join('\n'));
      const limit = limitFor(4_000);
      const text = await call('read_command_output', { id, start_line: 1 }, limit);
      assert.ok(textTokens(text) <= limit.tokens, `${textTokens(text)} tokens`);
      const next = Number(/continue with start_line (\d+)\./.exec(text)?.[1]);
      assert.ok(next > 1 && next < 400, text.slice(-200));
      assert.match(await call('read_command_output', { id, start_line: next }, limit), new RegExp(`compiling unit ${next - 1} of`));
    });

    it('cuts what a tool returns past the limit, saying what was cut and how to get the rest', async () => {
      const own = new ToolRegistry().register(defineTool({
        name: 'dump',
        description: 'Returns a lot.',
        inputSchema: z.object({}),
        readOnly: true,
        kind: 'unknown',
        title: () => 'Dumping',
        execute: () => Promise.resolve({ content: 'y'.repeat(50_000) }),
      }));
      const limit = limitFor(8_000);
      const { result } = await own.run({ type: 'tool_call', id: 'c', name: 'dump', arguments: '{}' }, { ...temp.context(), resultLimit: limit });
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      assert.ok(text.startsWith('y'.repeat(limit.characters)));
      assert.match(text, /\[… 44,000 more characters \(1 lines\) of this result were cut to fit the model's context window\. To get the rest, call dump again for a smaller part/);
      const { result: whole } = await own.run({ type: 'tool_call', id: 'c', name: 'dump', arguments: '{}' }, temp.context());
      assert.equal(whole.content.map((block) => (block.type === 'text' ? block.text.length : 0)).join(''), '50000', 'without a window, nothing is cut');
    });
  });

  it('command output keeps its start and end within the limit, and says how to read the middle', () => {
    const limit = limitFor(8_000);
    const text = outputForModel('cmd-1', Array.from({ length: 2_000 }, (_, index) => `line ${index}`).join('\n'), 1, limit);
    assert.ok(textTokens(text) <= limit.tokens);
    assert.match(text, /omitted\. Read them with read_command_output \{"id": "cmd-1", "start_line": \d+\}/);
    assert.ok(text.endsWith('line 1999'));
  });

  it('an MCP result is cut to the limit for a small window', () => {
    const limit = limitFor(8_000);
    const { content } = mcpToolOutput({ content: [{ type: 'text', text: 'z'.repeat(20_000) }] }, 'docs', 'fetch', limit);
    const text = Array.isArray(content) ? content.map((block) => (block.type === 'text' ? block.text : '')).join('') : content;
    assert.ok(textTokens(text) <= limit.tokens, `${textTokens(text)} tokens`);
    assert.match(text, /more characters cut: the result was longer than 5,400 characters\./);
  });
});
