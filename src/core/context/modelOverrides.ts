import * as z from 'zod';
import type { ModelOverride } from '../llm/modelCatalog';

const amount = z.number().finite().nonnegative();
const overrideSchema = z.strictObject({
  contextWindow: z.number().int().min(1_000).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  inputPrice: amount.optional(),
  outputPrice: amount.optional(),
  cacheReadPrice: amount.optional(),
  cacheWritePrice: amount.optional(),
});

export interface ParsedModelOverrides {
  overrides: Record<string, ModelOverride>;
  /** One line per entry left out, naming the model and the field. */
  problems: string[];
}

/**
 * The user's model table corrections (`elbow.models`, `ELBOW_MODELS`):
 * `{ "<model id>": { "contextWindow": 131072, "inputPrice": 0.5, … } }`, prices in US dollars
 * per million tokens. A bad entry is left out and named; the valid ones still apply.
 */
export function parseModelOverrides(value: unknown): ParsedModelOverrides {
  const overrides: Record<string, ModelOverride> = {};
  const problems: string[] = [];
  if (value === undefined || value === null) return { overrides, problems };
  if (typeof value !== 'object' || Array.isArray(value)) return { overrides, problems: ['expected an object of model ids, e.g. {"my-model": {"contextWindow": 131072}}'] };
  for (const [model, entry] of Object.entries(value)) {
    const parsed = overrideSchema.safeParse(entry);
    if (parsed.success) overrides[model] = parsed.data;
    else problems.push(`${model}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ')}`);
  }
  return { overrides, problems };
}
