/**
 * A Qwen3-Coder `<parameter=KEY>` value is text; the tool's JSON schema says what it stands for.
 * Follows the rules of the model's own parser (Qwen3-Coder's `qwen3coder_tool_parser.py`, and
 * vLLM's of the same name): a value whose schema is not a string is read as that type when it
 * reads as one, and stays the text the model wrote otherwise; a parameter the schema does not
 * know stays text.
 */
export function parameterValue(text: string, schema: unknown): unknown {
  const type = schemaType(schema);
  if (type === undefined || type === 'string') return text;
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'null') return null;
  switch (type) {
    case 'integer':
      return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : text;
    case 'number':
      return numberOrText(trimmed, text);
    case 'boolean':
      if (trimmed.toLowerCase() === 'true') return true;
      if (trimmed.toLowerCase() === 'false') return false;
      return text;
    case 'object':
    case 'array':
      return jsonOfType(trimmed, type) ?? text;
    default:
      return text;
  }
}

/** The schema's type; of a list of types, the first that is not `null`. */
function schemaType(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  return undefined;
}

function numberOrText(trimmed: string, text: string): number | string {
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

function jsonOfType(trimmed: string, type: 'object' | 'array'): unknown {
  try {
    const value: unknown = JSON.parse(trimmed);
    const isArray = Array.isArray(value);
    const fits = type === 'array' ? isArray : typeof value === 'object' && value !== null && !isArray;
    return fits ? value : undefined;
  } catch {
    return undefined;
  }
}
