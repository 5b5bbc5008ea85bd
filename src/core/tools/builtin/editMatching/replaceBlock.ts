import type { BlockRequest } from './blockRequest';
import type { IndentationChange } from './indentation';
import { keptLines, replacedLines } from './keptLines';
import { changeOnFileLine, editsLine } from './lineAlignment';
import type { EditTarget, LocatedEdit } from './editTypes';
import type { TextLines } from './textLines';

/**
 * The edit for old_str matched line by line at `first`: new_str's lines copied unchanged from old_str are written
 * back as the file's own lines (a tolerant match never rewrites context); a line edited in place keeps the file's
 * text where the model's old and new line agree; other lines get the file's indentation; every line the file's
 * line ending.
 */
export function replaceBlock(
  target: EditTarget,
  lines: TextLines,
  block: BlockRequest,
  first: number,
  indentation: IndentationChange,
  tolerance: string,
): LocatedEdit {
  const last = first + block.oldLines.length - 1;
  const lastHasBreak = (lines.breaks[last] as number) > (lines.ends[last] as number);
  const end = block.oldEndsWithBreak ? (lines.breaks[last] as number) : (lines.ends[last] as number);
  const kept = keptLines(block.oldLines, block.newLines);
  const replaced = replacedLines(block.oldLines.length, kept, (oldIndex, newIndex) =>
    editsLine(block.oldLines[oldIndex] as string, block.newLines[newIndex] as string),
  );
  const written = block.newLines.map((line, index) => {
    const oldIndex = kept[index];
    if (oldIndex !== undefined) return lines.lines[first + oldIndex] as string;
    if (line.trim() === '') return line;
    const replacedIndex = replaced[index];
    const onFile = replacedIndex === undefined
      ? undefined
      : changeOnFileLine(block.oldLines[replacedIndex] as string, line, lines.lines[first + replacedIndex] as string);
    // A first line that starts with the file's text (old_str began mid-line) has the file's indentation already.
    return index === 0 && block.firstLineFromFile ? (onFile ?? line) : indentation.reindent(onFile ?? line);
  });
  const trailingBreak = block.newEndsWithBreak && !(block.oldEndsWithBreak && !lastHasBreak);
  return {
    start: lines.starts[first] as number,
    end,
    newText: written.join(target.lineEnding) + (trailingBreak ? target.lineEnding : ''),
    tolerance,
  };
}
