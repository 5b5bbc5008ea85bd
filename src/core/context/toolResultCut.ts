import type { ImageBlock, TextBlock, ToolResultBlock } from '../llm/messages';

/** A cut within this share of the end of the room moves back to the last line break, so no line is left half. */
const LINE_BREAK_SEARCH = 0.2;
/** `read_file`'s line prefix: the line number, then a tab. */
const NUMBERED_LINE = /^ *(\d+)\t/;
/** Where `run_command` names the output it kept whole. */
const COMMAND_OUTPUT_ID = /Output \(id ([\w-]+)\)/;
/** The note an earlier cut left at the end of a result. */
const CUT_NOTE = /\n?\[… ([\d,]+) more characters \(([\d,]+) lines\) of this result were cut to fit the model's context window\. [^\n]*\]$/;

/**
 * A tool result cut to `maxCharacters` of text, keeping its start, followed by a note (about
 * 200 characters) saying how much was cut and how to get the rest. Images are kept. The same
 * result when it fits.
 */
export function cutToolResult(whole: ToolResultBlock, maxCharacters: number): ToolResultBlock {
  if (textLength(whole) <= maxCharacters) return whole;
  // Cut once already: the new note counts what the earlier one said was cut, too.
  const { result, earlier } = withoutCutNote(whole);
  let room = Math.max(0, Math.floor(maxCharacters));
  const content: Array<TextBlock | ImageBlock> = [];
  let lastKept = '';
  const cut: string[] = [];
  for (const block of result.content) {
    if (block.type !== 'text') content.push(block);
    else if (cut.length > 0) cut.push(block.text);
    else if (block.text.length <= room) {
      content.push(block);
      room -= block.text.length;
      lastKept = block.text;
    } else {
      const end = cutPoint(block.text, room);
      lastKept = block.text.slice(0, end);
      cut.push(block.text.slice(end));
      if (lastKept !== '') content.push({ type: 'text', text: lastKept });
    }
  }
  const note = cutNote(result.toolName, lastKept, cut.join('\n'), earlier, result);
  const last = content.at(-1);
  if (last?.type === 'text' && last.text === lastKept && lastKept !== '') {
    content[content.length - 1] = { type: 'text', text: `${lastKept}${lastKept.endsWith('\n') ? '' : '\n'}${note}` };
  } else {
    content.push({ type: 'text', text: note });
  }
  return { ...result, content };
}

/** Characters of text in a result (what the quick count measures; images are counted apart). */
export function textLength(result: ToolResultBlock): number {
  return result.content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
}

function cutPoint(text: string, room: number): number {
  if (room <= 0) return 0;
  const lineBreak = text.lastIndexOf('\n', room - 1);
  let end = lineBreak >= room * (1 - LINE_BREAK_SEARCH) ? lineBreak + 1 : room;
  // Never end on half of a character made of two UTF-16 units.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return end;
}

interface EarlierCut {
  characters: number;
  lines: number;
}

function withoutCutNote(result: ToolResultBlock): { result: ToolResultBlock; earlier: EarlierCut } {
  const last = result.content.at(-1);
  const match = last?.type === 'text' ? CUT_NOTE.exec(last.text) : null;
  if (last?.type !== 'text' || match === null) return { result, earlier: { characters: 0, lines: 0 } };
  const number = (text: string | undefined): number => Number((text ?? '0').replace(/,/g, ''));
  const text = last.text.slice(0, match.index);
  const content = [...result.content.slice(0, -1), ...(text === '' ? [] : [{ type: 'text' as const, text: `${text}\n` }])];
  return { result: { ...result, content }, earlier: { characters: number(match[1]), lines: number(match[2]) } };
}

function cutNote(toolName: string, kept: string, cut: string, earlier: EarlierCut, result: ToolResultBlock): string {
  const lines = cut.split('\n').length - (cut.endsWith('\n') ? 1 : 0) + earlier.lines;
  const count = (value: number): string => value.toLocaleString('en-US');
  return `[… ${count(cut.length + earlier.characters)} more characters (${count(lines)} lines) of this result were cut to fit the model's context window. ${howToGetTheRest(toolName, kept, result)}]`;
}

function howToGetTheRest(toolName: string, kept: string, result: ToolResultBlock): string {
  if (toolName === 'read_file') {
    const lastLine = kept.trimEnd().split('\n').reverse().find((line) => NUMBERED_LINE.test(line));
    const number = lastLine === undefined ? undefined : Number(NUMBERED_LINE.exec(lastLine)?.[1]);
    if (number !== undefined) return `To read on, call read_file with offset: ${number + 1} (and a smaller limit).`;
  }
  const command = result.content.map((block) => (block.type === 'text' ? COMMAND_OUTPUT_ID.exec(block.text)?.[1] : undefined)).find((id) => id !== undefined);
  if (command !== undefined) return `The whole output is kept: page through it with read_command_output {"id": "${command}", "start_line": …}.`;
  return `To get the rest, call ${toolName} again for a smaller part (a page, a narrower query).`;
}
