import * as z from 'zod';
import type { ServerModelFacts } from '../modelCatalog';
import { serverRoot, tokenCount, type ServerRequests } from './serverRequests';

/**
 * Ollama's documented default window (docs/faq.mdx: "By default, Ollama uses a context window
 * size of 4096 tokens"); larger machines may get more (docs/context-length.mdx), which only
 * `/api/ps` shows once the model is loaded, so the smallest default is the cautious one.
 */
export const ollamaDefaultWindow = 4_096;

const showSchema = z.looseObject({
  parameters: z.string().optional(),
  model_info: z.record(z.string(), z.unknown()).nullish(),
  details: z.looseObject({ context_length: z.unknown().optional() }).optional(),
  remote_model: z.string().optional(),
  /** e.g. `["completion", "vision"]` (docs/api.md, "Show Model Information"). */
  capabilities: z.array(z.string()).optional(),
});

const runningSchema = z.looseObject({
  models: z.array(z.looseObject({ name: z.string().optional(), model: z.string().optional(), context_length: z.unknown().optional() })),
});

/**
 * The window Ollama runs a model with: the one it is loaded with now (`/api/ps`), else the
 * model's `num_ctx` parameter (`/api/show`), else Ollama's default, never above the model's
 * trained length (`model_info.<architecture>.context_length`). A cloud model (`remote_model`)
 * runs with its full length.
 */
export async function ollamaModelInfo(requests: ServerRequests, baseUrl: string, model: string): Promise<ServerModelFacts | undefined> {
  const root = serverRoot(baseUrl);
  const [show, running] = await Promise.all([
    requests.json(`${root}/api/show`, { model }).then((body) => showSchema.safeParse(body)),
    requests.json(`${root}/api/ps`).then((body) => runningSchema.safeParse(body)).catch(() => undefined),
  ]);
  if (!show.success || (show.data.model_info == null && show.data.details === undefined)) return undefined;
  const facts = ollamaWindow(show.data, running?.success ? running.data : undefined, model);
  const capabilities = show.data.capabilities;
  return facts === undefined || capabilities === undefined ? facts : { ...facts, acceptsImages: capabilities.includes('vision') };
}

function ollamaWindow(show: z.infer<typeof showSchema>, running: z.infer<typeof runningSchema> | undefined, model: string): ServerModelFacts | undefined {
  const trained = trainedLength(show.model_info ?? undefined) ?? tokenCount(show.details?.context_length);
  // docs/context-length.mdx: "Cloud models are set to their maximum context length by default."
  if (show.remote_model) return trained === undefined ? undefined : { server: 'Ollama', contextWindow: trained, detail: `a cloud model at its full ${count(trained)} tokens` };
  const loaded = running?.models.find((entry) => sameModel(entry.name ?? entry.model, model));
  const loadedWindow = tokenCount(loaded?.context_length);
  if (loadedWindow !== undefined) return { server: 'Ollama', contextWindow: loadedWindow, detail: `loaded with ${count(loadedWindow)} tokens` };
  const numCtx = tokenCount(Number(/^num_ctx\s+(\d+)\s*$/m.exec(show.parameters ?? '')?.[1]));
  if (numCtx !== undefined) return { server: 'Ollama', contextWindow: numCtx, detail: `the model's num_ctx, ${count(numCtx)} tokens` };
  const window = Math.min(ollamaDefaultWindow, trained ?? ollamaDefaultWindow);
  return { server: 'Ollama', contextWindow: window, detail: `Ollama's default for a model not loaded yet, ${count(window)} tokens (num_ctx or OLLAMA_CONTEXT_LENGTH raise it)` };
}

function trainedLength(info: Record<string, unknown> | undefined): number | undefined {
  if (info === undefined) return undefined;
  const architecture = info['general.architecture'];
  if (typeof architecture === 'string') {
    const length = tokenCount(info[`${architecture}.context_length`]);
    if (length !== undefined) return length;
  }
  const key = Object.keys(info).find((name) => name.endsWith('.context_length'));
  return key === undefined ? undefined : tokenCount(info[key]);
}

/** Ollama lists `llama3.2:latest` for a model asked for as `llama3.2`. */
function sameModel(listed: string | undefined, model: string): boolean {
  if (listed === undefined) return false;
  const name = (text: string) => (text.includes(':') ? text : `${text}:latest`).toLowerCase();
  return name(listed) === name(model);
}

function count(tokens: number): string {
  return tokens.toLocaleString('en-US');
}
