import assert from 'node:assert/strict';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import type { AgentSettings } from '../../../../src/core/agent/agentSettings';
import type { AssistantMessage } from '../../../../src/core/llm/messages';
import type { ProviderEvent } from '../../../../src/core/llm/provider';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { builtinTools } from '../../../../src/core/tools/builtin/index';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

let callNumber = 0;
function calls(...list: Array<[string, object]>): ProviderEvent[] {
  const message: AssistantMessage = {
    role: 'assistant',
    content: list.map(([name, input]) => ({ type: 'tool_call' as const, id: `call-${++callNumber}`, name, arguments: JSON.stringify(input) })),
    stopReason: 'tool_use',
    provider: 'scripted',
    model: 'm',
  };
  return [{ type: 'done', message }];
}

function answer(text: string): ProviderEvent[] {
  return [{ type: 'done', message: { role: 'assistant', content: [{ type: 'text', text }], stopReason: 'end_turn', provider: 'scripted', model: 'm' } }];
}

describe('guard rails', () => {
  let ws: TempWorkspace;
  let provider: ScriptedProvider;
  let approvals: RecordingApprovals;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'a\n' });
    provider = new ScriptedProvider();
    approvals = new RecordingApprovals();
  });
  afterEach(() => ws.cleanup());

  function session(settings: AgentSettings = { provider: 'openai', model: 'm', toolCallsPerMessage: 100, commandsPerMessage: 2 }): AgentSession {
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    const permissions = new PermissionGate({ settings: new FixedPermissionSettings(), approvals });
    return new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings, system: 's', registry }), permissions });
  }

  it('stops the run when the same call fails three times, and says why', async () => {
    const missing: [string, object] = ['read_file', { path: 'missing.txt' }];
    provider.enqueue(calls(missing), calls(['read_file', { path: 'a.txt' }]), calls(missing), calls(missing), answer('never asked'));
    const results: AgentEvent[] = [];
    const outcome = await session().send('read it', (event) => results.push(event));
    assert.equal(outcome.reason, 'stopped');
    assert.match(outcome.reason === 'stopped' ? outcome.message : '', /read_file failed 3 times with the same arguments \(last error: File not found: missing\.txt/);
    assert.equal(provider.requests.length, 4, 'no request after the third failure');
  });

  it('asks to continue after the command limit; "no" pauses the run, "yes" goes on', async () => {
    approvals.answer({ approved: false });
    provider.enqueue(calls(['run_command', { command: 'echo 1' }], ['run_command', { command: 'echo 2' }], ['run_command', { command: 'echo 3' }]));
    const paused = session();
    const outcome = await paused.send('echo', () => undefined);
    assert.equal(outcome.reason, 'stopped');
    assert.match(outcome.reason === 'stopped' ? outcome.message : '', /Paused: Elbow has run 2 commands since your last message/);
    assert.deepEqual(approvals.requests.map((request) => request.kind), ['continue']);
    const results = paused.messages.at(-1);
    assert.equal(results?.role, 'tool');
    const texts = results?.role === 'tool' ? results.results.map((result) => JSON.stringify(result.content)) : [];
    assert.match(texts[1] ?? '', /Exit code: 0/);
    assert.match(texts[2] ?? '', /Not run: Paused/);

    approvals.answer({ approved: true });
    provider.enqueue(calls(['run_command', { command: 'echo 4' }]), calls(['run_command', { command: 'echo 5' }]), calls(['run_command', { command: 'echo 6' }]), answer('done'));
    const going = await paused.send('go on', () => undefined);
    assert.equal(going.reason, 'completed', 'a user message starts the counts again; one "yes" lets it go on');
    assert.equal(approvals.requests.length, 2);
  });
});
