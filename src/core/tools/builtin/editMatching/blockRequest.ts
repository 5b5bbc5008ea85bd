import type { EditRequest } from './editTypes';

/** old_str and new_str as lines, for the tolerant steps that compare line by line. */
export interface BlockRequest {
  oldLines: string[];
  newLines: string[];
  oldEndsWithBreak: boolean;
  newEndsWithBreak: boolean;
  /** The first line of both starts with the file's own text (old_str began mid-line): its indentation is the file's. */
  firstLineFromFile?: boolean;
}

export function blockRequest(request: EditRequest): BlockRequest {
  const oldText = request.oldStr.replace(/\r\n/g, '\n');
  const newText = request.newStr.replace(/\r\n/g, '\n');
  return {
    oldLines: linesOf(oldText),
    newLines: linesOf(newText),
    oldEndsWithBreak: oldText.endsWith('\n'),
    newEndsWithBreak: newText.endsWith('\n'),
  };
}

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
