/** What the recorder notes, in order: a function of src/ entered, or a message sent or received (by its `type`). */
export type RawWalkEvent =
  /** `frames`: the call stack at entry, `<script>:<line>:<column>` of the bundle, the entered function's own frame first. */
  | { kind: 'enter'; file: string; frames: string[] }
  | { kind: 'post'; file: string; type: string }
  | { kind: 'receive'; type: string };

/**
 * One walk as the phase recorded it. `startsIn: 'extension'`: the webview recorded from Enter, and its part of the
 * walk begins with the first message the extension sent after its own start (bench/walks/walkCount.ts).
 */
export interface RecordedWalk {
  startsIn: 'webview' | 'extension';
  extension: RawWalkEvent[];
  webview: RawWalkEvent[];
}

/** The recorder's state on `globalThis.__elbowWalkRecord`. */
export interface WalkRecord {
  recording: boolean;
  events: RawWalkEvent[];
  /** Date.now() of the last event, to know when the walk has gone quiet. */
  lastEventAt: number;
}

interface CallSite {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
}

/**
 * Sets the hooks the instrumented build calls (scripts/walkInstrument.cjs) on `scope`, recording while
 * `scope.__elbowWalkRecord.recording` is true. Self-contained: the webview gets it as source text (`toString`).
 */
export function installWalkRecorder(scope: Record<string, unknown>): void {
  const record: WalkRecord = { recording: false, events: [], lastEventAt: 0 };
  const errors = Error as unknown as {
    prepareStackTrace?: (error: Error, sites: CallSite[]) => unknown;
    stackTraceLimit: number;
    captureStackTrace(target: object, below: (...args: never[]) => unknown): void;
  };
  const typeOf = (message: unknown): string => {
    const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? type : '';
  };
  const enter = (file: string): void => {
    if (!record.recording) return;
    const savedPrepare = errors.prepareStackTrace;
    const savedLimit = errors.stackTraceLimit;
    errors.stackTraceLimit = 80;
    errors.prepareStackTrace = (_error, sites) => sites;
    const holder: { stack?: CallSite[] } = {};
    errors.captureStackTrace(holder, enter);
    // Read before the formatter is put back: V8 formats the stack when it is first read.
    const sites = holder.stack ?? [];
    errors.prepareStackTrace = savedPrepare;
    errors.stackTraceLimit = savedLimit;
    const frames = sites.map((site) => `${site.getFileName() ?? ''}:${site.getLineNumber() ?? 0}:${site.getColumnNumber() ?? 0}`);
    record.events.push({ kind: 'enter', file, frames });
    record.lastEventAt = Date.now();
  };
  const message = (file: string, sent: unknown): unknown => {
    if (record.recording && typeOf(sent) !== '') {
      record.events.push({ kind: 'post', file, type: typeOf(sent) });
      record.lastEventAt = Date.now();
    }
    return sent;
  };
  scope.__elbowWalk = enter;
  scope.__elbowWalkMessage = message;
  scope.__elbowWalkRecord = record;
}
