/**
 * A deterministic stand-in for the services' prompt caches (`simulatePromptCache`). Prompts are
 * compared as canonical text without volatile fields such as `stream` or `max_tokens`, per API
 * and model, and counted at four characters per token like everything else the fake counts.
 * - OpenAI caches every prompt on its own; a later prompt reads the longest prefix it shares
 *   with an earlier one, in steps of 128 tokens from 1024 on, as OpenAI documents.
 * - Anthropic caches the prefix ending at each `cache_control` breakpoint. A breakpoint reads
 *   the longest cached prefix ending at it or at one of the 20 block boundaries before it (the
 *   API's lookback); everything after that up to the last breakpoint is reported as written.
 * Unlike the services, nothing expires and Anthropic has no minimum cacheable length.
 */
import { createHash } from 'node:crypto';
import { anthropicPrompt } from './anthropicPrompt';
import type { JsonObject } from './json';
import { charactersPerToken } from './replyDefaults';
import type { FakeLlmApi } from './types';

export interface CacheUse {
  cacheRead: number;
  cacheWrite: number;
}

const openaiMinimumTokens = 1024;
const openaiIncrementTokens = 128;
const anthropicLookbackBlocks = 20;

export class PromptCache {
  /** Digests of the cached prefixes, each keyed by API and model. */
  private readonly cached = new Set<string>();

  /** Looks the request's prompt up, then caches its prefixes as the service would. */
  use(api: FakeLlmApi, body: JsonObject): CacheUse {
    const scope = `${api}\n${String(body.model)}\n`;
    return api === 'openai' ? this.openai(scope, body) : this.anthropic(scope, body);
  }

  private openai(scope: string, body: JsonObject): CacheUse {
    const text = JSON.stringify([body.tools ?? null, body.messages]);
    const steps: number[] = [];
    for (let tokens = openaiMinimumTokens; tokens * charactersPerToken <= text.length; tokens += openaiIncrementTokens) steps.push(tokens);
    const keys = prefixDigests(text, steps.map((tokens) => tokens * charactersPerToken)).map((digest) => scope + digest);
    // Every earlier prompt cached all its steps, so the hits are a run from the first step on.
    const hits = keys.filter((key) => this.cached.has(key)).length;
    keys.forEach((key) => this.cached.add(key));
    return { cacheRead: hits === 0 ? 0 : (steps[hits - 1] ?? 0), cacheWrite: 0 };
  }

  private anthropic(scope: string, body: JsonObject): CacheUse {
    const prompt = anthropicPrompt(body);
    const keys = prefixDigests(prompt.text, prompt.blockEnds).map((digest) => scope + digest);
    const isCached = (block: number): boolean => this.cached.has(keys[block] ?? '');
    let read = 0;
    for (const breakpoint of prompt.breakpoints) {
      const lookbackStart = Math.max(0, breakpoint - anthropicLookbackBlocks);
      for (let block = breakpoint; block >= lookbackStart; block--) {
        if (isCached(block)) {
          read = Math.max(read, prompt.blockEnds[block] ?? 0);
          break;
        }
      }
    }
    const lastBreakpoint = prompt.breakpoints.at(-1);
    const cachedUpTo = lastBreakpoint === undefined ? 0 : (prompt.blockEnds[lastBreakpoint] ?? 0);
    for (const key of prompt.breakpoints.flatMap((breakpoint) => keys[breakpoint] ?? [])) this.cached.add(key);
    const readTokens = Math.floor(read / charactersPerToken);
    return { cacheRead: readTokens, cacheWrite: Math.max(0, Math.floor(cachedUpTo / charactersPerToken) - readTokens) };
  }
}

/** The digest of each prefix `text.slice(0, end)`, hashing the text once; `ends` ascending. */
function prefixDigests(text: string, ends: readonly number[]): string[] {
  const hash = createHash('sha256');
  let hashedUpTo = 0;
  return ends.map((end) => {
    hash.update(text.slice(hashedUpTo, end));
    hashedUpTo = end;
    return hash.copy().digest('base64');
  });
}
