import type { ToolContext, ToolOutput } from '../../tool';
import { outputForModel, shortCommand } from './commandOutputText';

/** How long a new background process is watched before the tool returns: long enough to catch an early crash. */
const FIRST_LOOK_MS = 2000;

/** Starts a command that keeps running; its output collects in the conversation's command session. */
export async function startBackgroundCommand(command: string, cwd: string, sandboxed: boolean, context: ToolContext): Promise<ToolOutput> {
  const session = context.commands;
  const id = session.newId();
  const record = session.beginBackground(id, command);
  let exited: (() => void) | undefined;
  const exitedEarly = new Promise<void>((resolve) => (exited = resolve));
  const started = await context.host.commands.start({
    command,
    cwd,
    title: command,
    sandboxed,
    onOutput: (chunk) => session.appendBackgroundOutput(record, chunk),
    onExit: (exitCode) => {
      if (record.background) Object.assign(record.background, { running: false, exitCode });
      exited?.();
    },
  });
  if (record.background) record.background.process = started;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exitedEarly, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_LOOK_MS)))]);
  clearTimeout(timer);
  const background = record.background;
  const text = session.takeNewOutput(record);
  if (background && !background.running) {
    return {
      content: `The process ended at once with exit code ${background.exitCode ?? 'unknown'}.\nOutput (id ${id}):\n${outputForModel(id, text, 1, context.resultLimit)}`,
      isError: background.exitCode !== 0,
      summary: `Started ${shortCommand(command)} · ended at once`,
      ...placementOf(sandboxed),
    };
  }
  return {
    content: [
      `Started in the background as ${id}; it keeps running until stopped or the conversation ends.`,
      `Read what it prints next with read_command_output {"id": "${id}"}; stop it with stop_command {"id": "${id}"}.`,
      `Output so far:`,
      outputForModel(id, text, 1, context.resultLimit),
    ].join('\n'),
    summary: `Started ${shortCommand(command)} in the background (${id})`,
    ...placementOf(sandboxed),
  };
}

/** Only a sandboxed start is marked: where a start was not sandboxed the sandbox may not exist at all. */
function placementOf(sandboxed: boolean): Pick<ToolOutput, 'placement'> {
  return sandboxed ? { placement: 'sandboxed' } : {};
}
