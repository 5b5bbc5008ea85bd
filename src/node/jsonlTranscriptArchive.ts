import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { TranscriptArchive } from '../core/host/transcriptArchive';
import type { Message } from '../core/llm/messages';

/**
 * Transcripts as JSONL files in a folder: a header line, then one message per line, named by
 * the conversation and the time, so every compaction of a conversation keeps its own file.
 */
export class JsonlTranscriptArchive implements TranscriptArchive {
  constructor(
    private readonly folder: string,
    private readonly conversation: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async save(messages: readonly Message[]): Promise<string> {
    const archivedAt = this.now();
    const file = path.join(this.folder, `${safeName(this.conversation)}-${archivedAt.toISOString().replace(/[:.]/g, '-')}.jsonl`);
    const header = { type: 'elbow-transcript', version: 1, conversation: this.conversation, archivedAt: archivedAt.toISOString(), messages: messages.length };
    const lines = [JSON.stringify(header), ...messages.map((message) => JSON.stringify(message))];
    await fs.mkdir(this.folder, { recursive: true });
    await fs.writeFile(file, `${lines.join('\n')}\n`, { encoding: 'utf8', flag: 'wx' });
    return file;
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'conversation';
}
