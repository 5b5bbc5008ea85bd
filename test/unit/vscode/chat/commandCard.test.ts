import assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import { sessionSetup } from '../../../../src/core/agent/sessionSetup';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { ChatTranscript } from '../../../../src/vscode/chat/chatTranscript';
import { assistantMessage, assistantText } from '../../../support/messageBuilders';
import { ScriptedProvider } from '../../../support/scriptedProvider';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A command's card from the model's call to its result, through a real session, the real sandbox and the real transcript. */
describe('a command’s tool card', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'a.txt': 'alpha\n' }, { sandbox: {} });
  });
  afterEach(() => ws.cleanup());

  it('is titled by the call, then by its result’s summary, and says where it ran in its placement alone', async () => {
    const provider = new ScriptedProvider();
    provider.enqueue(
      [{ type: 'tool_call_start', id: 'c1', name: 'run_command' }, { type: 'done', message: assistantMessage({ type: 'tool_call', id: 'c1', name: 'run_command', arguments: '{"command":"ls"}' }) }],
      [{ type: 'done', message: assistantText('One file.') }],
    );
    const registry = new ToolRegistry();
    for (const tool of builtinTools()) registry.register(tool);
    const session = new AgentSession({ host: ws.host, setup: sessionSetup({ provider, settings: { provider: 'openai', model: 'm' }, system: 's', registry }) });
    const transcript = new ChatTranscript();
    transcript.addUser('What is here?', []);
    const titles: string[] = [];
    const events: AgentEvent[] = [];
    await session.send('What is here?', (event) => {
      events.push(event);
      for (const message of transcript.apply(event)) {
        if ((message.type === 'itemAdded' || message.type === 'itemUpdated') && message.item.kind === 'tool') titles.push(message.item.title);
      }
    });
    assert.deepEqual(titles, ['Running a command', 'Running ls', 'Ran ls · exit 0']);
    const card = transcript.items.find((item) => item.kind === 'tool');
    assert.equal(card?.kind === 'tool' && card.placement, 'sandboxed');
    const result = events.find((event) => event.type === 'tool_result');
    assert.deepEqual(result?.type === 'tool_result' && [result.summary, result.placement], ['Ran ls · exit 0', 'sandboxed'], 'the terminal and --json get the same two facts');
  });
});
