import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

const repositoryRoot = path.resolve(__dirname, '../..');
export const eventSchemaPath = path.join(repositoryRoot, 'schema', 'events.v1.json');

type SchemaNode = Record<string, unknown>;

export interface EventStreamSchema {
  schema: SchemaNode;
  /** The event types the schema describes, by its `$defs.events`. */
  eventTypes: string[];
}

export function loadEventStreamSchema(): EventStreamSchema {
  const schema = JSON.parse(fs.readFileSync(eventSchemaPath, 'utf8')) as SchemaNode;
  const defs = schema.$defs as { events: Record<string, unknown> };
  return { schema, eventTypes: Object.keys(defs.events) };
}

/** Ajv in strict mode: a keyword it does not know, a type left implicit or a `required` field never described fails the compile. */
export function strictAjv(): Ajv2020 {
  return new Ajv2020({ strict: true, allErrors: true });
}

/**
 * The schema as readers get it lets unknown fields through, so that a newer 1.x stream still
 * validates. The CLI's own output must not rely on that: this copy closes every object, so a
 * field the CLI prints that the schema does not describe fails.
 */
export function compileClosed(schema: SchemaNode): ValidateFunction {
  return strictAjv().compile(closed(schema, []) as SchemaNode);
}

function closed(node: unknown, at: readonly string[]): unknown {
  if (Array.isArray(node)) return node.map((item, index) => closed(item, [...at, String(index)]));
  if (node === null || typeof node !== 'object') return node;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    // `if` conditions test one field; closing them would make them fail on every event.
    copy[key] = key === 'if' || (at.length === 1 && at[0] === '$defs' && key === 'typeIs') ? value : closed(value, [...at, key]);
  }
  // An event's own fields and a child's tags (at the root) are evaluated together: the root closes the event.
  const isEvent = at.length === 3 && at[0] === '$defs' && at[1] === 'events';
  if ('properties' in copy && !isEvent) copy.unevaluatedProperties = false;
  return copy;
}
