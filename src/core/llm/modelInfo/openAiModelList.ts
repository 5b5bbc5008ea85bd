import * as z from 'zod';
import type { ServerModelFacts } from '../modelCatalog';
import { tokenCount, trimmedBaseUrl, type ServerRequests } from './serverRequests';

const modelListSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), owned_by: z.string().optional(), max_model_len: z.unknown().optional() })),
});

/** The model ids of an OpenAI-compatible `GET /models`. */
export async function listedModelIds(requests: ServerRequests, baseUrl: string): Promise<string[]> {
  const parsed = modelListSchema.safeParse(await requests.json(`${trimmedBaseUrl(baseUrl)}/models`));
  if (!parsed.success) throw new Error('the models list is not in the OpenAI format');
  return parsed.data.data.map((entry) => entry.id);
}

/** vLLM's `GET /v1/models` gives each model its `max_model_len`, the window the server was started with. */
export async function vllmModelInfo(requests: ServerRequests, baseUrl: string, model: string): Promise<ServerModelFacts | undefined> {
  const parsed = modelListSchema.safeParse(await requests.json(`${trimmedBaseUrl(baseUrl)}/models`));
  if (!parsed.success) return undefined;
  const entry = parsed.data.data.find((candidate) => candidate.id === model);
  const window = tokenCount(entry?.max_model_len);
  if (entry === undefined || window === undefined) return undefined;
  const server = entry.owned_by === 'vllm' ? 'vLLM' : 'the server';
  return { server, contextWindow: window, detail: `max_model_len ${window.toLocaleString('en-US')}` };
}
