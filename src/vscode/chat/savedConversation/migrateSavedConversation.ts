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

function migrate<T>(json: unknown, schemaOf: (version: number) => z.ZodType<T> | undefined): SavedFileReading<T> {
  const version = z.object({ version: z.number().int().positive() }).safeParse(json);
  if (!version.success) return { kind: 'invalid', problem: json === undefined ? 'not JSON' : 'it has no format version' };
  if (version.data.version > SAVED_CONVERSATION_FORMAT_VERSION) return { kind: 'newer', version: version.data.version };
  const schema = schemaOf(version.data.version);
  if (!schema) return { kind: 'invalid', problem: `unknown format version ${version.data.version}` };
  const parsed = schema.safeParse(json);
  return parsed.success ? { kind: 'read', value: parsed.data } : { kind: 'invalid', problem: z.prettifyError(parsed.error) };
}
