import { z } from 'zod';
import { linesWithin, pageCharacters } from '../../resultLimit';
import { defineTool } from '../../tool';
import { ToolError } from '../../../toolContract/toolError';
import { clip, stringArgument } from '../../../toolContract/toolTitleText';
import { outputForModel } from './commandOutputText';
import { splitLines } from '../textFile';

const DEFAULT_LINE_COUNT = 500;

const inputSchema = z.object({
  id: z.string().describe('The id run_command gave, e.g. "cmd-3".'),
  start_line: z.number().int().min(1).optional().describe('1-based line of the output to start at. Without it: a background process\'s new output since the last read, or a finished command\'s whole output.'),
  line_count: z.number().int().min(1).max(5000).optional().describe(`How many lines to return from start_line. Default ${DEFAULT_LINE_COUNT}.`),
});

export const readCommandOutputTool = defineTool({
  name: 'read_command_output',
  description:
    'Read the output of a command run_command ran in this conversation: the part a long output left out (by start_line), or what a background process printed since you last looked, and whether it is still running.',
  inputSchema,
  readOnly: true,
  kind: 'commandFollowUp',
  subjectArgument: 'id',
  title: (input) => `Reading the output of ${clip(stringArgument(input, 'id') ?? 'a command', 40)}`,
  async execute(input, context) {
    const record = context.commands.get(input.id);
    if (!record) {
      const known = context.commands.ids();
      throw new ToolError(`No command output with id "${input.id}". ${known.length > 0 ? `Known ids: ${known.join(', ')}.` : 'No command has run in this conversation yet.'}`);
    }
    const background = record.background;
    const state = background
      ? background.running
        ? 'Still running.'
        : `Ended with exit code ${background.exitCode ?? 'unknown'}.`
      : undefined;
    if (input.start_line === undefined && background) {
      const text = context.commands.takeNewOutput(record);
      const body = text.trim() === '' ? '(nothing new)' : outputForModel(record.id, text, 1, context.resultLimit);
      return { content: `${state}\nNew output of ${record.id}:\n${body}`, summary: `Read output of ${record.id}` };
    }
    const lines = splitLines(context.commands.text(record));
    const total = lines.length;
    const first = input.start_line ?? 1;
    if (first > Math.max(total, 1)) throw new ToolError(`start_line ${first} is past the end: ${record.id} printed ${total} lines.`);
    const page = linesWithin(lines.slice(first - 1, first - 1 + (input.line_count ?? DEFAULT_LINE_COUNT)), pageCharacters(context.resultLimit, Number.POSITIVE_INFINITY));
    const last = first + page.length - 1;
    const header = [state, `Lines ${first}–${Math.min(last, total)} of ${total} of ${record.id} (\`${record.command}\`):`].filter(Boolean).join('\n');
    const more = last < total ? `\n[${total - last} more lines: continue with start_line ${last + 1}.]` : '';
    return { content: `${header}\n${outputForModel(record.id, page.join('\n'), first, context.resultLimit)}${more}`, summary: `Read output of ${record.id} (lines ${first}–${Math.min(last, total)})` };
  },
});
