import type { StartedProcess } from '../../../host/commandRunner';
import { terminalText } from './terminalText';

/** A command of this conversation whose output the model can read again. */
export interface CommandRecord {
  id: string;
  command: string;
  /** Raw output: everything for a finished command, the latest part for a background one. */
  raw: string;
  /** Raw characters dropped from the start of a background process's output to bound memory. */
  droppedCharacters: number;
  background?: BackgroundState;
}

export interface BackgroundState {
  running: boolean;
  exitCode: number | undefined;
  /** How much of the raw output the model has read (for "what is new"). */
  readUpTo: number;
  process?: StartedProcess;
}

export interface CommandSessionLimits {
  /** Finished outputs kept, newest first; older ones are forgotten. */
  maxRecords: number;
  /** Raw characters kept per background process (the latest). */
  maxBackgroundCharacters: number;
}

const defaultLimits: CommandSessionLimits = { maxRecords: 30, maxBackgroundCharacters: 2_000_000 };

/** The commands one conversation ran: their outputs to page through, and its background processes. */
export class CommandSession {
  private nextNumber = 1;
  private readonly records = new Map<string, CommandRecord>();

  constructor(private readonly limits: CommandSessionLimits = defaultLimits) {}

  newId(): string {
    return `cmd-${this.nextNumber++}`;
  }

  recordFinished(id: string, command: string, raw: string): CommandRecord {
    const record: CommandRecord = { id, command, raw, droppedCharacters: 0 };
    this.records.set(id, record);
    this.forgetOldest();
    return record;
  }

  /** Registers a background process before it starts, so its first output has a place to go. */
  beginBackground(id: string, command: string): CommandRecord {
    const record: CommandRecord = { id, command, raw: '', droppedCharacters: 0, background: { running: true, exitCode: undefined, readUpTo: 0 } };
    this.records.set(id, record);
    return record;
  }

  appendBackgroundOutput(record: CommandRecord, chunk: string): void {
    record.raw += chunk;
    const excess = record.raw.length - this.limits.maxBackgroundCharacters;
    if (excess > 0) {
      record.raw = record.raw.slice(excess);
      record.droppedCharacters += excess;
      if (record.background) record.background.readUpTo = Math.max(0, record.background.readUpTo - excess);
    }
  }

  get(id: string): CommandRecord | undefined {
    return this.records.get(id.trim());
  }

  /** Ids the model may ask about, newest last. */
  ids(): string[] {
    return [...this.records.keys()];
  }

  runningBackground(): CommandRecord[] {
    return [...this.records.values()].filter((record) => record.background?.running === true);
  }

  /** Plain text of a record's output (escapes stripped). */
  text(record: CommandRecord, from = 0): string {
    return terminalText(record.raw.slice(from));
  }

  /** Plain text of what a background process printed since the model last looked; marks it as read. */
  takeNewOutput(record: CommandRecord): string {
    const background = record.background;
    const text = this.text(record, background?.readUpTo ?? 0);
    if (background) background.readUpTo = record.raw.length;
    return text;
  }

  /** Stops every background process (the conversation ends). */
  async stopAll(): Promise<void> {
    await Promise.all(this.runningBackground().map((record) => record.background?.process?.stop()));
  }

  private forgetOldest(): void {
    const finished = [...this.records.values()].filter((record) => !record.background?.running);
    for (const record of finished.slice(0, Math.max(0, finished.length - this.limits.maxRecords))) this.records.delete(record.id);
  }
}
