import * as z from 'zod';
import type { ServerModelFacts } from '../modelCatalog';
import { serverRoot, tokenCount, type ServerRequests } from './serverRequests';

const propsSchema = z.looseObject({
  default_generation_settings: z.looseObject({ n_ctx: z.unknown().optional() }),
});

/**
 * llama.cpp's server (`GET /props`): `default_generation_settings.n_ctx` is the window of one
 * slot, which is what one request gets. A router serving several models answers a bare `/props`
 * with `n_ctx` 0 and the model's own with `?model=`.
 */
export async function llamaCppModelInfo(requests: ServerRequests, baseUrl: string, model: string): Promise<ServerModelFacts | undefined> {
  const root = serverRoot(baseUrl);
  let window = await slotWindow(requests, `${root}/props`);
  if (window === 0) window = await slotWindow(requests, `${root}/props?model=${encodeURIComponent(model)}`);
  if (window === undefined || window === 0) return undefined;
  return { server: 'llama.cpp', contextWindow: window, detail: `n_ctx ${window.toLocaleString('en-US')} per slot` };
}

/** The slot window, 0 for a router's placeholder, undefined when this is not llama.cpp. */
async function slotWindow(requests: ServerRequests, url: string): Promise<number | undefined> {
  const parsed = propsSchema.safeParse(await requests.json(url));
  if (!parsed.success) return undefined;
  return parsed.data.default_generation_settings.n_ctx === 0 ? 0 : tokenCount(parsed.data.default_generation_settings.n_ctx);
}
