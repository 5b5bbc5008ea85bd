import * as z from 'zod';
import type { ServerModelFacts } from '../modelCatalog';
import { serverRoot, tokenCount, type ServerRequests } from './serverRequests';

const modelsSchema = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string(),
    /** `llm`, `vlm` (a vision model) or `embeddings` (LM Studio's REST API docs, `/api/v0/models`). */
    type: z.string().optional(),
    state: z.string().optional(),
    max_context_length: z.unknown().optional(),
    loaded_context_length: z.unknown().optional(),
  })),
});

/**
 * LM Studio's own models endpoint (`/api/v0/models`): a loaded model's `loaded_context_length`
 * is the window it runs with; a model not loaded yet only has its `max_context_length`, a
 * ceiling, since the size it will be loaded with is LM Studio's choice.
 */
export async function lmStudioModelInfo(requests: ServerRequests, baseUrl: string, model: string): Promise<ServerModelFacts | undefined> {
  const parsed = modelsSchema.safeParse(await requests.json(`${serverRoot(baseUrl)}/api/v0/models`));
  if (!parsed.success) return undefined;
  const wanted = model.trim().toLowerCase();
  const matching = parsed.data.data.filter((entry) => entry.id.toLowerCase() === wanted);
  const entry = matching.find((candidate) => candidate.state === 'loaded') ?? matching[0];
  if (entry === undefined) return undefined;
  const facts = lmStudioWindow(entry);
  return facts === undefined || entry.type === undefined ? facts : { ...facts, acceptsImages: entry.type === 'vlm' };
}

function lmStudioWindow(entry: z.infer<typeof modelsSchema>['data'][number]): ServerModelFacts | undefined {
  const loaded = entry.state === 'loaded' ? tokenCount(entry.loaded_context_length) : undefined;
  if (loaded !== undefined) return { server: 'LM Studio', contextWindow: loaded, detail: `loaded with ${loaded.toLocaleString('en-US')} tokens` };
  const maximum = tokenCount(entry.max_context_length);
  if (maximum === undefined) return undefined;
  return { server: 'LM Studio', maxContextWindow: maximum, detail: `not loaded yet; the model allows up to ${maximum.toLocaleString('en-US')} tokens` };
}
