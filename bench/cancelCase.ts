import { performance } from 'node:perf_hooks';
import { AgentSession } from '../src/core/agent/agentSession';
import { sessionSetup } from '../src/core/agent/sessionSetup';
import type { AgentHost } from '../src/core/host/host';
import { createProvider } from '../src/core/llm/providers/createProvider';
import { ToolRegistry } from '../src/core/tools/registry';
import { startFakeLlmServer } from '../test/support/fakeLlmServer';
import { summarize } from './measure';
import type { Row } from './report';

const RUNS = 15;

/**
 * Cancel latency: from `abort()` to the run's end while the model's stream hangs, through the
 * real SDK of each provider against the local fake server. Goal: under 200 ms.
 */
export async function cancelRows(host: AgentHost): Promise<Row[]> {
  const server = await startFakeLlmServer();
  try {
    const rows: Row[] = [];
    for (const api of ['openai', 'anthropic'] as const) {
      const provider = createProvider({ provider: api, apiKey: server.apiKey, baseURL: api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const session = new AgentSession({ host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'bench' }, system: 'bench', registry: new ToolRegistry() }) });
        server.enqueue({ kind: 'hang' });
        const controller = new AbortController();
        const running = session.send('wait', () => undefined, controller.signal);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = performance.now();
        controller.abort();
        await running;
        samples.push(performance.now() - started);
      }
      rows.push({ label: `cancel a hanging ${api} stream (abort → run ended)`, elbow: summarize(samples), goal: { kind: 'under', ms: 200 } });
    }
    return rows;
  } finally {
    await server.close();
  }
}
