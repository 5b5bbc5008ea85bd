/**
 * The version of the `--json` event stream (schema/events.v1.json), on its first event. Semver: a
 * new event type or optional field is a minor version; a field removed, renamed or retyped, or an
 * event a reader relied on gone, is a major one (and a new schema file).
 */
export const EVENT_STREAM_VERSION = '1.0.0';
