import assert from 'node:assert/strict';
import { cutUnseenResults, splitAtUnseen } from '../../../../src/core/context/unseenResults';
import { userText, type Message, type ToolResultBlock } from '../../../../src/core/llm/messages';
import { cutToolResult } from '../../../../src/core/context/toolResultCut';
import { assistantMessage, assistantText } from '../../../support/messageBuilders';

function result(id: string, text: string, toolName = 'read_file'): ToolResultBlock {
  return { type: 'tool_result', toolCallId: id, toolName, content: [{ type: 'text', text }], isError: false };
}

function calls(...ids: string[]) {
  return assistantMessage(...ids.map((id) => ({ type: 'tool_call' as const, id, name: 'read_file', arguments: `{"path":"${id}.ts"}` })));
}

const numbered = (from: number, count: number): string => Array.from({ length: count }, (_, index) => `${String(from + index).padStart(4)}\tconst line${from + index} = ${'x'.repeat(40)};`).join('\n');

describe('the results the model has not seen', () => {
  describe('splitAtUnseen', () => {
    it('puts the newest assistant message and the results after it apart from the history', () => {
      const history: Message[] = [userText('Go.'), calls('a'), { role: 'tool', results: [result('a', 'A')] }, calls('b', 'c'), { role: 'tool', results: [result('b', 'B'), result('c', 'C')] }];
      const { earlier, unseen } = splitAtUnseen(history);
      assert.deepEqual(earlier, history.slice(0, 3));
      assert.deepEqual(unseen, history.slice(3));
    });

    it('counts a user message sent after unseen results as unseen too', () => {
      const history: Message[] = [userText('Go.'), calls('a'), { role: 'tool', results: [result('a', 'A')] }, userText('And also this.')];
      assert.equal(splitAtUnseen(history).unseen.length, 3);
    });

    it('finds nothing unseen when the newest assistant message called no tools', () => {
      const history: Message[] = [userText('Go.'), calls('a'), { role: 'tool', results: [result('a', 'A')] }, assistantText('Done.'), userText('Thanks.')];
      assert.deepEqual(splitAtUnseen(history), { earlier: history, unseen: [] });
    });
  });

  describe('cutUnseenResults', () => {
    it('cuts the largest results to one length, keeps the small ones whole and leaves the history alone', () => {
      const seen = { role: 'tool' as const, results: [result('old', 'o'.repeat(20_000))] };
      const small = result('small', 'tiny file');
      const history: Message[] = [userText('Go.'), calls('old'), seen, calls('a', 'small', 'b'), { role: 'tool', results: [result('a', numbered(1, 400)), small, result('b', numbered(1, 200))] }];
      const [sizeA, sizeB] = [numbered(1, 400).length, numbered(1, 200).length];
      const { messages, cut } = cutUnseenResults(history, 20_000);
      assert.equal(cut, 2);
      assert.equal(messages[2], seen, 'earlier messages are the same objects');
      const tool = messages[4];
      assert.ok(tool?.role === 'tool');
      assert.equal(tool.results[1], small);
      const [a, , b] = tool.results.map((block) => (block.content[0]?.type === 'text' ? block.content[0].text : ''));
      const keptA = (a ?? '').split('\n[…')[0] ?? '';
      const keptB = (b ?? '').split('\n[…')[0] ?? '';
      assert.ok(sizeA - keptA.length + sizeB - keptB.length >= 20_000, 'frees what was asked');
      assert.ok(Math.abs(keptA.length - keptB.length) < 100, `both cut to about one length: ${keptA.length} and ${keptB.length}`);
      const lastLine = Number(/(\d+)\t[^\n]*$/.exec(keptA)?.[1]);
      assert.match(a ?? '', new RegExp(`more characters \\(\\d+ lines\\) of this result were cut to fit the model's context window\\. To read on, call read_file with offset: ${lastLine + 1} \\(and a smaller limit\\)\\.\\]$`));
    });

    it('never cuts a result below a readable page', () => {
      const history: Message[] = [userText('Go.'), calls('a'), { role: 'tool', results: [result('a', numbered(1, 400))] }];
      const { messages } = cutUnseenResults(history, 1_000_000);
      const tool = messages[2];
      const text = tool?.role === 'tool' && tool.results[0]?.content[0]?.type === 'text' ? tool.results[0].content[0].text : '';
      assert.ok((text.split('\n[…')[0] ?? '').length >= 800, 'about a thousand characters are kept');
    });

    it('changes nothing when nothing is unseen or nothing needs freeing', () => {
      const history: Message[] = [userText('Go.'), calls('a'), { role: 'tool', results: [result('a', 'x'.repeat(5_000))] }, assistantText('Done.')];
      assert.equal(cutUnseenResults(history, 1_000).cut, 0);
      assert.equal(cutUnseenResults(history.slice(0, 3), 0).cut, 0);
    });
  });

  describe('cutToolResult', () => {
    it('points a command\'s output to read_command_output and other tools to a smaller call', () => {
      const command = cutToolResult(result('r', `Exit code: 0\nOutput (id cmd-4):\n${'out\n'.repeat(3_000)}`, 'run_command'), 2_000);
      assert.match(JSON.stringify(command.content), /page through it with read_command_output \{\\"id\\": \\"cmd-4\\"/);
      const other = cutToolResult(result('r', 'q'.repeat(5_000), 'docs__fetch'), 2_000);
      assert.match(JSON.stringify(other.content), /call docs__fetch again for a smaller part/);
    });

    it('cut again, counts what the first cut left out too, and gives the offset after the lines still kept', () => {
      const whole = numbered(1, 100);
      const once = cutToolResult(result('r', whole), 3_000);
      const twice = cutToolResult(once, 1_500);
      const text = twice.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const kept = text.split('\n[…')[0] ?? '';
      const lastLine = Number(/(\d+)\t[^\n]*$/.exec(kept)?.[1]);
      assert.equal(text.match(/cut to fit/g)?.length, 1, 'one note');
      assert.match(text, new RegExp(`\\[… ${(whole.length - kept.length - 1).toLocaleString('en-US')} more characters \\(${100 - lastLine} lines\\) of this result were cut to fit the model's context window\\. To read on, call read_file with offset: ${lastLine + 1} `));
    });

    it('returns the same result when it fits, and counts text only', () => {
      const fits = result('r', 'short');
      assert.equal(cutToolResult(fits, 100), fits);
      const withImage: ToolResultBlock = { ...fits, content: [{ type: 'image', mediaType: 'image/png', data: 'A'.repeat(10_000) }, { type: 'text', text: 'caption' }] };
      assert.equal(cutToolResult(withImage, 100), withImage);
    });

    it('keeps the blocks before the cut, drops the ones after it, and counts them in the note', () => {
      const blocks: ToolResultBlock = { ...result('r', ''), content: [{ type: 'text', text: 'a'.repeat(600) }, { type: 'text', text: 'b'.repeat(600) }, { type: 'text', text: 'c'.repeat(600) }] };
      const cut = cutToolResult(blocks, 1_000);
      const texts = cut.content.map((block) => (block.type === 'text' ? block.text : ''));
      assert.equal(texts.length, 2);
      assert.equal(texts[0], 'a'.repeat(600));
      assert.ok(texts[1]?.startsWith(`${'b'.repeat(400)}\n[… 801 more characters`), texts[1]);
    });
  });
});
