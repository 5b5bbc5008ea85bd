import type { ChatRequest, Provider, ProviderEvent } from '../../src/core/llm/provider';

/** A fake of Elbow's own Provider interface: each request plays the next scripted event list. */
export class ScriptedProvider implements Provider {
  readonly name = 'scripted';
  readonly requests: ChatRequest[] = [];
  private readonly scripts: ProviderEvent[][] = [];

  enqueue(...scripts: ProviderEvent[][]): this {
    this.scripts.push(...scripts);
    return this;
  }

  async *stream(request: ChatRequest): AsyncIterable<ProviderEvent> {
    this.requests.push({ ...request, messages: structuredClone([...request.messages]) });
    const script = this.scripts.shift();
    if (!script) throw new Error('ScriptedProvider: no script queued');
    for (const event of script) {
      await Promise.resolve();
      yield event;
    }
  }
}
