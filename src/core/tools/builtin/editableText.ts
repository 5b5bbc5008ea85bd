import { ToolError } from '../../toolContract/toolError';
import type { BinaryContent, TextContent } from './textFile';

/** A file's text for an edit tool; binary files and text not in UTF-8 are refused, as an edit would corrupt them. */
export function editableText(decoded: TextContent | BinaryContent, shown: string, toolName: string): TextContent {
  if (decoded.kind === 'binary') throw new ToolError(`${shown} is a binary file (${decoded.description}); ${toolName} only edits UTF-8 text.`);
  if (decoded.hasInvalidBytes) {
    throw new ToolError(`${shown} is not valid UTF-8 (it may use another encoding, such as Latin-1); ${toolName} would corrupt it, so it was not changed.`);
  }
  return decoded;
}
