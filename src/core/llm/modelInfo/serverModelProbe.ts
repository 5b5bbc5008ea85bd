import { isLocalEndpoint, type ServerModelFacts } from '../modelCatalog';
import { llamaCppModelInfo } from './llamaCppModelInfo';
import { lmStudioModelInfo } from './lmStudioModelInfo';
import { splitBaseUrl } from '../providers/baseUrlQuery';
import type { FetchFunction, ModelInfoProbe, ModelInfoRequest } from './modelInfoProbe';
import { ollamaModelInfo } from './ollamaModelInfo';
import { vllmModelInfo } from './openAiModelList';
import { isOpenRouter, openRouterModelInfo } from './openRouterModelInfo';
import { serverRequests, trimmedBaseUrl, type ServerRequests } from './serverRequests';

export interface ServerModelProbeOptions {
  fetch?: FetchFunction;
  /** How long one look-up may take in all; the first session on a model waits at most this. */
  timeoutMs?: number;
  /** How long an answer is kept (a model loaded later, or with another window, is seen after this). */
  answerTtlMs?: number;
  /** How long a server that did not answer is left alone. */
  failureTtlMs?: number;
  /** One line when a server could not say; nothing else is reported. */
  log?: (line: string) => void;
  now?: () => number;
}

export const defaultProbeTimeoutMs = 2_500;

type Reader = (requests: ServerRequests, baseUrl: string, model: string) => Promise<ServerModelFacts | undefined>;

/** The model-info endpoints of the servers people run locally, most specific first; vLLM's answer is the plain models list. */
const localServerReaders: readonly Reader[] = [ollamaModelInfo, lmStudioModelInfo, llamaCppModelInfo, vllmModelInfo];

interface CacheEntry {
  facts: Promise<ServerModelFacts | undefined>;
  expiresAt: number;
}

/**
 * Asks the server behind a base URL, once per model, for the window it runs the model with:
 * OpenRouter's models list for OpenRouter; otherwise vLLM's models list and, for a server on
 * plain http or this machine, Ollama's, LM Studio's and llama.cpp's own endpoints, all at once
 * under one short deadline. Answers and failures are cached per base URL and model.
 */
export class ServerModelProbe implements ModelInfoProbe {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly fetchFunction: FetchFunction;
  private readonly now: () => number;

  constructor(private readonly options: ServerModelProbeOptions = {}) {
    this.fetchFunction = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.now = options.now ?? Date.now;
  }

  lookUp(request: ModelInfoRequest): Promise<ServerModelFacts | undefined> {
    const key = `${trimmedBaseUrl(request.baseUrl)}\n${request.model}`;
    const cached = this.cache.get(key);
    if (cached !== undefined && cached.expiresAt > this.now()) return cached.facts;
    const entry: CacheEntry = { facts: this.ask(request), expiresAt: Number.POSITIVE_INFINITY };
    this.cache.set(key, entry);
    void entry.facts.then((facts) => {
      entry.expiresAt = this.now() + (facts === undefined ? (this.options.failureTtlMs ?? 60_000) : (this.options.answerTtlMs ?? 5 * 60_000));
    });
    return entry.facts;
  }

  private async ask(request: ModelInfoRequest): Promise<ServerModelFacts | undefined> {
    const { model } = request;
    const split = splitBaseUrl(request.baseUrl);
    const baseUrl = split.baseURL ?? request.baseUrl;
    const timeoutMs = this.options.timeoutMs ?? defaultProbeTimeoutMs;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, timeoutMs);
    });
    const requests = serverRequests(this.fetchFunction, controller.signal, request.apiKey, split.query);
    const readers = isOpenRouter(baseUrl) ? [openRouterModelInfo] : mayRunLocalServer(baseUrl) ? localServerReaders : [vllmModelInfo];
    const problems: string[] = [];
    try {
      const answers = await Promise.all(readers.map(async (read) => {
        const answer = await Promise.race([read(requests, baseUrl, model).catch((error: unknown) => {
          problems.push(error instanceof Error ? error.message : String(error));
          return undefined;
        }), deadline]);
        return answer === 'timeout' ? undefined : answer;
      }));
      const facts = answers.find((answer) => answer !== undefined);
      if (facts === undefined) {
        const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : (problems.length > 0 ? problems.join('; ') : 'the server does not report it');
        this.options.log?.(`Could not read the context window of ${model} from ${trimmedBaseUrl(baseUrl)} (${reason}); using the built-in table or a default.`);
      }
      return facts;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
}

/** Ollama, LM Studio and llama.cpp serve plain http, mostly on this machine or the local network; a public https API is asked only its models list. */
function mayRunLocalServer(baseUrl: string): boolean {
  if (isLocalEndpoint(baseUrl)) return true;
  try {
    return new URL(baseUrl).protocol === 'http:';
  } catch {
    return false;
  }
}
