import type { ChatRequest, Provider, ProviderEvent } from '../provider';
import { recoverTextToolCalls } from './recoverTextToolCalls';
import { writesTextToolCalls } from './textToolCallModels';

/**
 * A provider whose replies' trailing text tool calls become real ones, when tools were offered
 * and the server (`serverSendsText`: a preset with `textToolCalls`) or the model's family says
 * calls may arrive as text. Recovered calls go through the same approvals and sandbox as any.
 */
export class TextToolCallProvider implements Provider {
  constructor(
    private readonly inner: Provider,
    private readonly serverSendsText: boolean,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  stream(request: ChatRequest): AsyncIterable<ProviderEvent> {
    const events = this.inner.stream(request);
    if (request.tools.length === 0 || !(this.serverSendsText || writesTextToolCalls(request.model))) return events;
    return recoverTextToolCalls(events, request.tools);
  }
}
