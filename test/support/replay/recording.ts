/**
 * A recorded response from test/fixtures/recordings: its `#` header (source, framing, status,
 * content type) and the body that follows the `# ---` line, kept as bytes so it is served exactly.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export const recordingsFolder = findRecordingsFolder(__dirname);

/** The folder above `from` that holds test/fixtures/recordings: the source tree, or the repository above a bundle in out/. */
function findRecordingsFolder(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'test/fixtures/recordings');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) throw new Error(`No test/fixtures/recordings above ${from}`);
  }
}

export interface Recording {
  /** Relative to the recordings folder, e.g. `deepseek/thinking-tool-call.sse`. */
  readonly name: string;
  readonly status: number;
  readonly contentType: string;
  /** The header lines without their `# ` prefix. */
  readonly header: readonly string[];
  readonly body: Buffer;
}

const separator = Buffer.from('\n# ---\n');

export function loadRecording(name: string): Recording {
  const bytes = readFileSync(path.join(recordingsFolder, name));
  const end = bytes.indexOf(separator);
  if (end < 0) throw new Error(`${name}: no "# ---" line ends the header`);
  const header = bytes.subarray(0, end).toString('utf8').split('\n').map((line) => line.replace(/^# ?/, ''));
  const field = (key: string): string => {
    const line = header.find((candidate) => candidate.startsWith(`${key}: `));
    if (line === undefined) throw new Error(`${name}: the header names no ${key}`);
    return line.slice(key.length + 2);
  };
  return { name, status: Number(field('status')), contentType: field('content-type'), header, body: bytes.subarray(end + separator.length) };
}

/** The body as text, and as JSON when the recording is a JSON document. */
export function recordingText(recording: Recording): string {
  return recording.body.toString('utf8');
}

export function recordingJson(recording: Recording): unknown {
  return JSON.parse(recordingText(recording)) as unknown;
}
