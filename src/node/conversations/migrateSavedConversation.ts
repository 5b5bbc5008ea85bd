import * as z from 'zod';
import { SAVED_CONVERSATION_FORMAT_VERSION, savedConversationIndexSchema, savedConversationSchema, type SavedConversation, type SavedConversationIndex } from './savedConversationSchema';

/** A saved file's JSON brought to the current format; or why it cannot be. */
export type SavedFileReading<T> =
  | { kind: 'read'; value: T }
  /** Written by a newer Elbow: not read, and never to be overwritten. */
  | { kind: 'newer'; version: number }
  | { kind: 'invalid'; problem: string };

/**
 * A saved conversation of any format version this code knows, in the current format. Version 1 is
 * the format every release so far has written (the first had the `version` field already), so it is
 * read as it is. A new version adds its schema, keeps the old one here, and converts step by step.
 */
export function migrateSavedConversation(json: unknown): SavedFileReading<SavedConversation> {
  return migrate(json, (version) => (version === 1 ? savedConversationSchema : undefined));
}

/** The folder's index.json, of any format version this code knows, in the current format. */
export function migrateSavedConversationIndex(json: unknown): SavedFileReading<SavedConversationIndex> {
  return migrate(json, (version) => (version === 1 ? savedConversationIndexSchema : undefined));
}

/** Why a file that is not read was left alone, for the log. */
export function describeNewerFormat(version: number): string {
  return `it was saved by a newer version of Elbow (saved-conversation format ${version}; this version knows up to ${SAVED_CONVERSATION_FORMAT_VERSION}), so it is left as it is`;
}

/** A saved file may come from another machine or be edited: whatever fails while reading it makes it invalid, never an error past its reader. */
function migrate<T>(json: unknown, schemaOf: (version: number) => z.ZodType<T> | undefined): SavedFileReading<T> {
  try {
    return migrateOrThrow(json, schemaOf);
  } catch (error) {
    return { kind: 'invalid', problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

function migrateOrThrow<T>(json: unknown, schemaOf: (version: number) => z.ZodType<T> | undefined): SavedFileReading<T> {
  const version = z.object({ version: z.number().int().positive() }).safeParse(json);
  if (!version.success) return { kind: 'invalid', problem: json === undefined ? 'not JSON' : 'it has no format version' };
  if (version.data.version > SAVED_CONVERSATION_FORMAT_VERSION) return { kind: 'newer', version: version.data.version };
  const schema = schemaOf(version.data.version);
  if (!schema) return { kind: 'invalid', problem: `unknown format version ${version.data.version}` };
  const parsed = schema.safeParse(json);
  return parsed.success ? { kind: 'read', value: parsed.data } : { kind: 'invalid', problem: z.prettifyError(parsed.error) };
}
