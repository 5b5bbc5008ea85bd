import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { AgentEvent } from '../../../../src/core/agent/agentEvents';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { carriesToolResult, sentText, settingsFor, subagentApis } from '../../../support/subagentRequests';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const makeFile = toolCall('run_command', { command: 'touch made.txt' });

/** A child's two requests: it runs the command, then reports. */
const child = (request: RecordedRequest): ScriptedResponse => (carriesToolResult(request) ? { kind: 'reply', content: [text('Reported.')] } : { kind: 'reply', content: [makeFile] });

for (const api of subagentApis) {
  describe(`a subagent's approvals on ${api}`, function () {
    this.timeout(30_000);
    let ws: TempWorkspace;
    let server: FakeLlmServer;
    let approvals: RecordingApprovals;

    beforeEach(async () => {
      approvals = new RecordingApprovals();
      ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
      server = await startFakeLlmServer();
    });
    afterEach(async () => {
      await server.close();
      await ws.cleanup();
    });

    const session = () => createAgentSession({ host: ws.host, settings: settingsFor(api, server), apiKey: server.apiKey, permissions: new PermissionGate({ settings: ws.settings, approvals }) });

    it("asks the parent's approvals, naming the child, and runs the command once allowed", async () => {
      const agent = await session();
      approvals.answer({ approved: true });
      server.enqueue({ kind: 'reply', content: [toolCall('task', { description: 'Make a file', prompt: 'Make made.txt', agent: 'general' }, 'call_t')] }, child, child, { kind: 'reply', content: [text('Done.')] });
      const events: AgentEvent[] = [];
      await agent.send('make a file', (event) => events.push(event));
      assert.equal(approvals.requests.length, 1);
      const [request] = approvals.requests;
      const taskId = events.flatMap((event) => (event.type === 'subagent' ? [event.taskId] : []))[0];
      assert.match(taskId ?? '', /^task_[0-9a-f]{8}$/);
      assert.equal(request?.kind, 'command');
      assert.equal(request?.kind === 'command' && request.command, 'touch made.txt');
      assert.deepEqual(request?.subagent, { taskId, description: 'Make a file', agent: 'general' });
      assert.equal(await ws.readText('made.txt'), '');
    });

    it('gives the child the refusal when the user denies, and the parent only the report', async () => {
      const agent = await session();
      approvals.answer({ approved: false, reason: 'not in this folder' });
      server.enqueue({ kind: 'reply', content: [toolCall('task', { description: 'Make a file', prompt: 'Make made.txt', agent: 'general' }, 'call_t')] }, child, child, { kind: 'reply', content: [text('Done.')] });
      await agent.send('make a file', () => undefined);
      assert.equal(approvals.requests.length, 1);
      assert.equal(approvals.requests[0]?.subagent?.agent, 'general');
      await assert.rejects(ws.readText('made.txt'));
      assert.match(sentText(server.requests[2]), /The user denied permission to run `touch made\.txt`, saying: \\"not in this folder\\"/);
      assert.doesNotMatch(sentText(server.requests[3]), /denied permission/, "the refusal stays in the child's context");
    });

    it("leaves the parent's own requests unnamed", async () => {
      const agent = await session();
      approvals.answer({ approved: true });
      server.enqueue({ kind: 'reply', content: [makeFile] }, { kind: 'reply', content: [text('Done.')] });
      await agent.send('make a file', () => undefined);
      assert.equal(approvals.requests.length, 1);
      assert.equal(approvals.requests[0]?.subagent, undefined);
    });
  });
}
