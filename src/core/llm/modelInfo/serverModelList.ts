import * as z from 'zod';
import { splitBaseUrl } from '../providers/baseUrlQuery';
import type { FetchFunction } from './modelInfoProbe';
import { listedModelIds } from './openAiModelList';
import { serverRequests, serverRoot } from './serverRequests';

export interface ServerModelListOptions {
  apiKey?: string;
  fetch?: FetchFunction;
  timeoutMs?: number;
}

const ollamaTagsSchema = z.looseObject({ models: z.array(z.looseObject({ name: z.string() })) });

/**
 * The models a server offers, for a model picker: the OpenAI-compatible `GET /models`, or
 * Ollama's `GET /api/tags` when that fails. Throws an error that says why when neither answers.
 */
export async function listServerModels(userBaseUrl: string, options: ServerModelListOptions = {}): Promise<string[]> {
  const split = splitBaseUrl(userBaseUrl);
  const baseUrl = split.baseURL ?? userBaseUrl;
  const fetchFunction = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? 5_000;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const requests = serverRequests(fetchFunction, controller.signal, options.apiKey, split.query);
  try {
    try {
      return unique(await listedModelIds(requests, baseUrl));
    } catch (error) {
      const tags = ollamaTagsSchema.safeParse(await requests.json(`${serverRoot(baseUrl)}/api/tags`).catch(() => undefined));
      if (tags.success) return unique(tags.data.models.map((model) => model.name));
      if (controller.signal.aborted) throw new Error(`no answer within ${timeoutMs / 1000} s`, { cause: error });
      throw error;
    }
  } finally {
    clearTimeout(timer);
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id.trim() !== ''))].sort((a, b) => a.localeCompare(b));
}
