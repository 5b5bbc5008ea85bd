import { z } from 'zod';
import { defineTool } from '../tool';
import { fileTitle } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';
import { changeFile } from './changeFile';
import { splitLines } from './textFile';

const inputSchema = z.object({
  path: z.string().describe('Path of the file to delete.'),
});

export const deleteFileTool = defineTool({
  name: 'delete_file',
  description: [
    'Delete one file. Only for files that are truly no longer needed (e.g. replaced by a new file); folders cannot be deleted.',
    'The user can review the deletion and restore the file.',
  ].join('\n'),
  inputSchema,
  readOnly: false,
  kind: 'delete',
  subjectArgument: 'path',
  title: (input) => fileTitle('Deleting', input),
  async execute(input, context) {
    const file = await context.workspace.resolve(input.path, { forWriting: true, mustExist: true, outsideAccess: { access: 'write', toolName: 'delete_file', context } });
    const shown = context.workspace.displayPath(file.absolute);
    if (file.kind === 'directory') throw new ToolError(`${shown} is a folder; delete_file only deletes files.`);
    return changeFile(context, file, shown, 'delete_file', (current) => {
      if (current === undefined) throw new ToolError(`${shown} no longer exists.`);
      const { decoded } = current;
      const size = decoded.kind === 'text' ? `${splitLines(decoded.text).length} lines` : decoded.description;
      return { after: undefined, output: { content: `Deleted ${shown} (${size}).`, summary: `Deleted ${shown}` } };
    });
  },
});
