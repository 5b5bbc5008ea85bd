import { z } from 'zod';
import { defineTool } from '../tool';
import { fileTitle } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import { changeFile } from './changeFile';
import { splitLines, withLineEnding } from './textFile';

const inputSchema = z.object({
  path: z.string().describe('Path of the file; missing parent folders are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

export const writeFileTool = defineTool({
  name: 'write_file',
  description: [
    'Create a file, or replace the whole content of an existing one, with content. Missing parent folders are created.',
    'To change part of an existing file, use edit_file or apply_patch (whichever you have) instead: it is safer and needs far less output.',
    'When overwriting, the file\'s CRLF line endings and UTF-8 byte order mark are kept; write content with plain \\n line breaks.',
    'Very long content can be cut off by your output token limit: write a big file in parts (create it, then add to it with edit_file or apply_patch).',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  kind: 'write',
  subjectArgument: 'path',
  title: (input) => fileTitle('Writing', input),
  async execute(input, context) {
    const file = await context.workspace.resolve(input.path, { forWriting: true, outsideAccess: { access: 'write', toolName: 'write_file', context } });
    const shown = context.workspace.displayPath(file.absolute);
    const lineCount = splitLines(input.content).length;
    return changeFile(context, file, shown, 'write_file', (current) => {
      if (current === undefined) {
        return {
          after: { kind: 'text', text: input.content, hasBom: false },
          output: { content: `Created ${shown} (${lineCount} lines).`, summary: `Created ${shown}` },
        };
      }
      const previous = current.decoded;
      if (previous.kind === 'binary') {
        throw new ToolError(`${shown} is a binary file (${previous.description}); write_file only writes text, so it was not changed. Ask the user before replacing it.`);
      }
      if (previous.hasInvalidBytes) {
        throw new ToolError(`${shown} is not valid UTF-8 (it may use another encoding, such as Latin-1); write_file writes UTF-8 and would lose its bytes, so it was not changed. Ask the user before replacing it.`);
      }
      return {
        after: { kind: 'text', text: withLineEnding(input.content.replace(/^\uFEFF/, ''), previous.lineEnding), hasBom: previous.hasBom },
        output: { content: `Wrote ${shown} (${lineCount} lines), replacing its previous content.`, summary: `Wrote ${shown} (${lineCount} lines)` },
      };
    });
  },
});
