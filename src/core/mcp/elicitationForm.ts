import type { McpElicitationSchema } from './mcpClientHandlers';

/** A value a form field holds once coerced to its schema's type. */
export type ElicitationValue = string | number | boolean | string[];

/** One choice of an enum field: the value sent, and the words shown (the server's, plain text). */
export interface ElicitationOption {
  value: string;
  title: string;
}

interface FieldBase {
  /** The property's name: the key of the answer. */
  name: string;
  /** What the form shows as its label: the schema's title, else the name. */
  title: string;
  description?: string;
  required: boolean;
}

/** A field of a server's question, as a form shows and checks it. */
export type ElicitationField =
  | (FieldBase & { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'choice'; options: ElicitationOption[]; default?: string })
  | (FieldBase & { kind: 'choices'; options: ElicitationOption[]; minItems?: number; maxItems?: number; default?: string[] });

const formats = new Set(['email', 'uri', 'date', 'date-time']);

/** The fields of a flat question schema, in the server's order; a property Elbow cannot show becomes a text field. */
export function elicitationFields(schema: McpElicitationSchema): ElicitationField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

function fieldOf(name: string, property: Record<string, unknown>, required: boolean): ElicitationField {
  const base: FieldBase = { name, title: text(property.title) ?? name, required, ...optional('description', text(property.description)) };
  switch (property.type) {
    case 'boolean':
      return { ...base, kind: 'boolean', ...optional('default', typeof property.default === 'boolean' ? property.default : undefined) };
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: property.type === 'integer',
        ...optional('minimum', finite(property.minimum)),
        ...optional('maximum', finite(property.maximum)),
        ...optional('default', finite(property.default)),
      };
    case 'array': {
      const items = typeof property.items === 'object' && property.items !== null ? (property.items as Record<string, unknown>) : {};
      const options = optionsOf(items.enum, undefined, items.anyOf ?? items.oneOf);
      const chosen = Array.isArray(property.default) ? property.default.filter((value): value is string => options.some((option) => option.value === value)) : undefined;
      return {
        ...base,
        kind: 'choices',
        options,
        ...optional('minItems', count(property.minItems)),
        ...optional('maxItems', count(property.maxItems)),
        ...optional('default', chosen),
      };
    }
    default: {
      const options = optionsOf(property.enum, property.enumNames, property.oneOf ?? property.anyOf);
      const fallback = typeof property.default === 'string' ? property.default : undefined;
      if (options.length > 0) return { ...base, kind: 'choice', options, ...optional('default', options.some((option) => option.value === fallback) ? fallback : undefined) };
      const format = typeof property.format === 'string' && formats.has(property.format) ? (property.format as 'email' | 'uri' | 'date' | 'date-time') : undefined;
      return {
        ...base,
        kind: 'text',
        ...optional('format', format),
        ...optional('minLength', count(property.minLength)),
        ...optional('maxLength', count(property.maxLength)),
        ...optional('default', fallback),
      };
    }
  }
}

/** The choices of `enum` (with the legacy `enumNames` as titles) or of `oneOf`/`anyOf` consts with titles. */
function optionsOf(values: unknown, names: unknown, consts: unknown): ElicitationOption[] {
  if (Array.isArray(values)) {
    const titles = Array.isArray(names) ? names : [];
    return values.filter((value): value is string => typeof value === 'string').map((value, index) => ({ value, title: text(titles[index]) ?? value }));
  }
  if (!Array.isArray(consts)) return [];
  return consts.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { const: value, title } = entry as Record<string, unknown>;
    return typeof value === 'string' ? [{ value, title: text(title) ?? value }] : [];
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
