import { z } from 'zod';
import { defineTool } from '../../tool';
import { ToolError } from '../../../toolContract/toolError';
import { clip, stringArgument } from '../../../toolContract/toolTitleText';
import { outputForModel } from './commandOutputText';

const inputSchema = z.object({
  id: z.string().describe('The id of a background process run_command started, e.g. "cmd-2".'),
});

export const stopCommandTool = defineTool({
  name: 'stop_command',
  description: 'Stop a background process run_command started (and everything it started), and get the output it printed since you last read it.',
  inputSchema,
  readOnly: false,
  kind: 'commandFollowUp',
  subjectArgument: 'id',
  title: (input) => `Stopping ${clip(stringArgument(input, 'id') ?? 'a command', 40)}`,
  async execute(input, context) {
    const record = context.commands.get(input.id);
    const background = record?.background;
    if (!record || !background) {
      const running = context.commands.runningBackground().map((entry) => entry.id);
      throw new ToolError(`"${input.id}" is not a background process. ${running.length > 0 ? `Running: ${running.join(', ')}.` : 'None is running.'}`);
    }
    const wasRunning = background.running;
    if (wasRunning) await background.process?.stop();
    const text = context.commands.takeNewOutput(record);
    const state = wasRunning ? `Stopped ${record.id}.` : `${record.id} had already ended with exit code ${background.exitCode ?? 'unknown'}.`;
    return {
      content: `${state}\nOutput since the last read:\n${text.trim() === '' ? '(nothing new)' : outputForModel(record.id, text, 1, context.resultLimit)}`,
      summary: wasRunning ? `Stopped ${record.id}` : `${record.id} had already ended`,
    };
  },
});
