import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';
import type { ResultEvent, SessionStartEvent } from '../cli/stream/streamEvents';
import type { ElbowCommand } from './elbowCommand';

export interface ElbowRun {
  exitCode: number;
  session?: SessionStartEvent;
  result?: ResultEvent;
}

interface StreamEvent {
  type?: unknown;
  title?: unknown;
  depth?: unknown;
}

/**
 * Runs the CLI and reads its `--json` stream: the first (`session`) and last (`result`) events are kept, each
 * tool call is logged as one line, and the CLI's stderr goes to the log as it comes (the runner masks secrets).
 * What the CLI prints quotes the model and the files it read, so it is all relayed on stdout (one stream, in order)
 * between `::stop-commands::` and a token nobody else knows: the runner acts on no `::` line in between.
 */
export function runElbow(command: ElbowCommand, cwd: string): Promise<ElbowRun> {
  return new Promise((resolve, reject) => {
    const resume = randomBytes(16).toString('hex');
    process.stdout.write(`::stop-commands::${resume}\n`);
    const child = spawn(command.file, command.args, { cwd, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const run: { session?: SessionStartEvent; result?: ResultEvent } = {};
    let pending = '';
    const readLine = (line: string): void => {
      if (line.trim() === '') return;
      let event: StreamEvent;
      try {
        event = JSON.parse(line) as StreamEvent;
      } catch {
        core.info(line);
        return;
      }
      if (event.type === 'session') run.session = event as SessionStartEvent;
      else if (event.type === 'result') run.result = event as ResultEvent;
      else if (event.type === 'tool_call' && typeof event.title === 'string') core.info(`${typeof event.depth === 'number' ? '  '.repeat(event.depth) : ''}→ ${event.title}`);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(readLine);
    });
    let pendingError = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pendingError + chunk).split('\n');
      pendingError = lines.pop() ?? '';
      lines.forEach((line) => process.stdout.write(`${line}\n`));
    });
    let resumed = false;
    const resumeCommands = (): void => {
      if (resumed) return;
      resumed = true;
      if (pendingError !== '') process.stdout.write(`${pendingError}\n`);
      process.stdout.write(`::${resume}::\n`);
    };
    child.on('error', (error) => {
      resumeCommands();
      reject(error);
    });
    child.on('close', (code, signal) => {
      readLine(pending);
      resumeCommands();
      resolve({ exitCode: code ?? (signal === null ? 1 : 128), ...run });
    });
  });
}
