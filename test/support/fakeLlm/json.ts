/** Narrowing helpers for request bodies, which arrive as untyped JSON. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How the real APIs name a JSON type in their validation messages. */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/** A JSON Schema describing an object, as both APIs require for tool inputs. */
export function isObjectSchema(value: unknown): boolean {
  return isObject(value) && value.type === 'object';
}
