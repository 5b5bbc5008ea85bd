import { z } from 'zod';
import type { Tool } from './tool';

const QUOTED_PREFIX_CHARS = 200;

export type ParsedArguments = { ok: true; value: unknown } | { ok: false; message: string };

/** The JSON arguments of a call: empty text means `{}`; a JSON string holding an object is unwrapped. */
export function parseToolArguments(toolName: string, text: string): ParsedArguments {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const start = text.length > QUOTED_PREFIX_CHARS ? `${text.slice(0, QUOTED_PREFIX_CHARS)}…` : text;
    return {
      ok: false,
      message:
        `The arguments for ${toolName} were not valid JSON (${reason}): they were malformed or cut off, ` +
        `for example by the output token limit. Received ${text.length} characters, starting with:\n${start}\n` +
        `Call ${toolName} again with complete, valid JSON arguments. If they are long, make smaller calls ` +
        '(e.g. several edits instead of one large write_file).',
    };
  }
  // Some models encode the arguments object twice.
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      // Left as the string; validation will say what is wrong.
    }
  }
  return { ok: true, value };
}

/** What is wrong with the arguments, issue by issue, for the model. */
export function describeInvalidArguments(tool: Tool, value: unknown, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)';
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    return `- ${where}: ${missing ? `missing (required, ${issue.expected})` : issue.message}`;
  });
  const unknownKeys = unknownKeysOf(tool, value);
  if (unknownKeys.length > 0) {
    lines.push(`- not parameters of ${tool.name}: ${unknownKeys.join(', ')}`);
  }
  return [`Invalid arguments for ${tool.name}:`, ...lines, `Fix them and call ${tool.name} again.`].join('\n');
}

function unknownKeysOf(tool: Tool, value: unknown): string[] {
  if (!(tool.inputSchema instanceof z.ZodObject) || typeof value !== 'object' || value === null) return [];
  const known = new Set(Object.keys(tool.inputSchema.shape));
  return Object.keys(value).filter((key) => !known.has(key));
}
