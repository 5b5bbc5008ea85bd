import * as z from 'zod';
import type { ModelPrices } from '../modelFacts';
import type { ServerModelFacts } from '../modelCatalog';
import { tokenCount, trimmedBaseUrl, type ServerRequests } from './serverRequests';

const priceSchema = z.union([z.string(), z.number()]).optional();

const modelsSchema = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string(),
    canonical_slug: z.string().optional(),
    context_length: z.unknown().optional(),
    top_provider: z.looseObject({ context_length: z.unknown().optional(), max_completion_tokens: z.unknown().optional() }).nullish(),
    /** e.g. `["text", "image"]` (OpenRouter's models API reference). */
    architecture: z.looseObject({ input_modalities: z.array(z.string()).optional() }).nullish(),
    pricing: z.looseObject({ prompt: priceSchema, completion: priceSchema, input_cache_read: priceSchema, input_cache_write: priceSchema }).nullish(),
  })),
});

/** Whether a base URL is OpenRouter's API. */
export function isOpenRouter(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.toLowerCase();
    return host === 'openrouter.ai' || host.endsWith('.openrouter.ai');
  } catch {
    return false;
  }
}

/**
 * OpenRouter's models endpoint (`GET /api/v1/models`): the model's `context_length`, the output
 * limit of the provider it routes to (`top_provider.max_completion_tokens`), and its prices, which
 * OpenRouter gives in US dollars per token.
 */
export async function openRouterModelInfo(requests: ServerRequests, baseUrl: string, model: string): Promise<ServerModelFacts | undefined> {
  const parsed = modelsSchema.safeParse(await requests.json(`${trimmedBaseUrl(baseUrl)}/models`));
  if (!parsed.success) return undefined;
  // A variant such as `:nitro` or `:online` routes the listed model; `:free` variants are listed themselves.
  const base = model.includes(':') ? model.slice(0, model.indexOf(':')) : undefined;
  const entry = parsed.data.data.find((candidate) => candidate.id === model)
    ?? parsed.data.data.find((candidate) => candidate.canonical_slug === model)
    ?? (base === undefined ? undefined : parsed.data.data.find((candidate) => candidate.id === base));
  if (entry === undefined) return undefined;
  const window = tokenCount(entry.context_length) ?? tokenCount(entry.top_provider?.context_length);
  if (window === undefined) return undefined;
  const maxOutputTokens = tokenCount(entry.top_provider?.max_completion_tokens);
  const prices = entry.pricing ? perMillion(entry.pricing) : undefined;
  const inputs = entry.architecture?.input_modalities;
  return {
    ...(inputs === undefined ? {} : { acceptsImages: inputs.includes('image') }),
    server: 'OpenRouter',
    contextWindow: window,
    ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
    ...(prices ? { prices } : {}),
    detail: `context_length ${window.toLocaleString('en-US')}`,
  };
}

type Price = z.infer<typeof priceSchema>;

/** Per-token prices as US dollars per million tokens; none when the input or output price is missing or not a price (routers list `-1`). */
function perMillion(pricing: { prompt?: Price; completion?: Price; input_cache_read?: Price; input_cache_write?: Price }): ModelPrices | undefined {
  const input = dollarsPerMillion(pricing.prompt);
  const output = dollarsPerMillion(pricing.completion);
  if (input === undefined || output === undefined) return undefined;
  return {
    input,
    output,
    cacheRead: dollarsPerMillion(pricing.input_cache_read) ?? input,
    cacheWrite: dollarsPerMillion(pricing.input_cache_write) ?? input,
  };
}

function dollarsPerMillion(perToken: Price): number | undefined {
  const value = typeof perToken === 'string' ? Number(perToken) : perToken;
  if (value === undefined || !Number.isFinite(value) || value < 0 || (typeof perToken === 'string' && perToken.trim() === '')) return undefined;
  return Number((value * 1_000_000).toPrecision(12));
}
