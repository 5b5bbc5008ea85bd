import { z } from 'zod';
import { defineTool } from '../tool';
import { ToolError } from '../../toolContract/toolError';

const inputSchema = z.object({
  focus: z.string().max(2_000).optional().describe('What the summary should keep in most detail, e.g. "the failing test and the fix tried so far".'),
});

export const compactTool = defineTool({
  name: 'compact',
  description: 'Summarise the conversation so far to free room in your context window: before your next turn, the history is replaced by a summary you write (goal, decisions, files, remaining work). Use it between phases of a long task when earlier file contents and command output are no longer needed. Elbow also does this by itself when the window fills up.',
  inputSchema,
  readOnly: true,
  kind: 'conversation',
  subjectArgument: 'focus',
  title: () => 'Compacting the conversation',
  execute(input, context) {
    if (context.compaction === undefined) throw new ToolError('Compaction is not available in this session.');
    context.compaction.request(input.focus);
    return Promise.resolve({ content: 'The conversation will be summarised before your next turn.', summary: 'Compaction requested' });
  },
});
