import type { Message } from '../llm/messages';

/** Where a conversation's full history goes before compaction replaces it by a summary. */
export interface TranscriptArchive {
  /** Writes the messages as a JSONL transcript and returns where it is (a file path), to tell the user and the model. */
  save(messages: readonly Message[]): Promise<string>;
}
