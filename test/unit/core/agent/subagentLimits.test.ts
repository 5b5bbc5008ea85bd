import assert from 'node:assert/strict';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { AgentSettings } from '../../../../src/core/agent/agentSettings';
import { planModeNote, subagentPlanModeNote } from '../../../../src/core/agent/planModeNote';
import type { AgentProfile } from '../../../../src/core/customize/agentProfile';
import { FixedPermissionSettings } from '../../../../src/core/permissions/fixedPermissionSettings';
import { PermissionGate } from '../../../../src/core/permissions/permissionGate';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { noCustomizations, type Customizations } from '../../../../src/core/customize/customizations';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { carriesToolResult, firstUserText, offeredToolNames, sentText, settingsFor, subagentApis } from '../../../support/subagentRequests';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const edit = toolCall('write_file', { path: 'a.txt', content: 'omega\n' });

/** A child's two requests: it makes `call`, then answers. */
function tries(call: ReturnType<typeof toolCall>): Array<(request: RecordedRequest) => ScriptedResponse> {
  const script = (request: RecordedRequest): ScriptedResponse => (carriesToolResult(request) ? { kind: 'reply', content: [text('Tried.')] } : { kind: 'reply', content: [call] });
  return [script, script];
}

const taskCall = (agent: string, prompt = 'Change a.txt', id = 'call_t'): ReturnType<typeof toolCall> => toolCall('task', { description: 'Change a file', prompt, agent }, id);

/** The task id the last task result gave the parent. */
function taskIdIn(request: RecordedRequest): string {
  const found = /task_id=\\"(task_[0-9a-f]{8})\\"/.exec(sentText(request));
  if (found?.[1] === undefined) throw new Error('no task id in the request');
  return found[1];
}

for (const api of subagentApis) {
  describe(`what a subagent may do on ${api}`, function () {
    this.timeout(30_000);
    let ws: TempWorkspace;
    let server: FakeLlmServer;

    beforeEach(async () => {
      ws = await createTempWorkspace({ 'a.txt': 'alpha\n' });
      server = await startFakeLlmServer();
    });
    afterEach(async () => {
      await server.close();
      await ws.cleanup();
    });

    const session = (extra: { settings?: Partial<AgentSettings>; customizations?: Customizations } = {}) =>
      createAgentSession({ host: ws.host, settings: settingsFor(api, server, extra.settings), apiKey: server.apiKey, ...(extra.customizations === undefined ? {} : { customizations: extra.customizations }) });

    /** The request a child sent after its first call: it carries that call's result. */
    const childFollowUp = (): string => sentText(server.requests[2]);

    it('is not offered the task tool, and a task call it makes anyway is refused', async () => {
      const agent = await session();
      server.enqueue({ kind: 'reply', content: [taskCall('general')] }, ...tries(taskCall('explore', 'Go deeper', 'call_deeper')), ...tries(edit), { kind: 'reply', content: [text('Done.')] });
      const outcome = await agent.send('change a.txt', () => undefined);
      assert.equal(outcome.reason, 'completed');
      assert.equal(offeredToolNames(server.requests[0]).includes('task'), true, 'the parent has the task tool');
      const childTools = offeredToolNames(server.requests[1]);
      assert.equal(childTools.includes('write_file'), true, 'a general child has the parent\'s tools');
      assert.equal(childTools.includes('task'), false);
      assert.match(childFollowUp(), /task was not run: the general subagent is not given that tool/);
      assert.equal(server.requests.length, 4, 'no grandchild was started');
    });

    it('keeps the parent\'s plan mode: a general child\'s edit is refused, and it is told it works read-only', async () => {
      const agent = await session();
      agent.mode = 'plan';
      server.enqueue({ kind: 'reply', content: [taskCall('general')] }, ...tries(edit), { kind: 'reply', content: [text('Planned.')] });
      await agent.send('plan a change', () => undefined);
      assert.equal(await ws.readText('a.txt'), 'alpha\n');
      assert.match(childFollowUp(), /write_file was not run[^"]*plan mode/i);
      assert.equal(sentText(server.requests[0]).includes(JSON.stringify(planModeNote).slice(1, -1)), true, 'the user\'s message carries the plan note');
      const childTask = firstUserText(server.requests[1]);
      assert.equal(childTask.includes(JSON.stringify(subagentPlanModeNote).slice(1, -1)), true, childTask);
      assert.equal(childTask.includes('numbered plan'), false, 'a child is not asked for a plan for the user');
    });

    it('never lets an explore child edit, even when its parent may; it is told it reports findings', async () => {
      const agent = await session();
      server.enqueue({ kind: 'reply', content: [taskCall('explore')] }, ...tries(toolCall('write_file', { path: 'b.txt', content: 'x' })), { kind: 'reply', content: [text('Done.')] });
      await agent.send('change a.txt', () => undefined);
      await assert.rejects(ws.readText('b.txt'));
      assert.equal(offeredToolNames(server.requests[1]).includes('write_file'), false);
      assert.match(childFollowUp(), /write_file was not run/);
      assert.equal(firstUserText(server.requests[1]).includes(JSON.stringify(subagentPlanModeNote).slice(1, -1)), true);
    });

    it('holds the picked agent\'s tool limit inside a general child', async () => {
      const lead: AgentProfile = { name: 'lead', description: 'Delegates', tools: ['read_file', 'task'], prompt: 'Delegate.' };
      const agent = await session({ customizations: { ...noCustomizations, agents: [lead] } });
      assert.equal(agent.pickAgent('lead'), true);
      server.enqueue({ kind: 'reply', content: [taskCall('general')] }, ...tries(edit), { kind: 'reply', content: [text('Done.')] });
      await agent.send('change a.txt', () => undefined);
      assert.equal(await ws.readText('a.txt'), 'alpha\n');
      assert.deepEqual(offeredToolNames(server.requests[1]), ['compact', 'read_file', 'todo']);
      assert.match(childFollowUp(), /write_file was not run: the lead agent the user picked is not given that tool/);
    });

    it("counts a child's commands toward its parent's limit without a word from the user; the user's stop ends both", async () => {
      const approvals = new RecordingApprovals().answer({ approved: false });
      const agent = await createAgentSession({ host: ws.host, settings: settingsFor(api, server, { commandsPerMessage: 2 }), apiKey: server.apiKey, permissions: new PermissionGate({ settings: new FixedPermissionSettings({ allow: ['echo'] }), approvals }) });
      const echo = (word: string): ReturnType<typeof toolCall> => toolCall('run_command', { command: `echo ${word}` });
      server.enqueue(
        { kind: 'reply', content: [echo('one')] },
        { kind: 'reply', content: [taskCall('general', 'Echo two words')] },
        { kind: 'reply', content: [echo('two')] },
        { kind: 'reply', content: [echo('three')] },
        { kind: 'reply', content: [text('Echoed.')] },
        { kind: 'reply', content: [text('Done.')] },
      );
      const outcome = await agent.send('echo things', () => undefined);
      assert.equal(outcome.reason, 'stopped');
      assert.deepEqual(approvals.requests.map((request) => [request.kind, request.subagent?.description]), [['continue', 'Change a file']]);
      assert.equal(server.requests.length, 4, 'neither the child nor its parent asked the model again');
      server.discardPending();
    });

    it('continues a task by its task_id with the child\'s history; an unknown id is an error', async () => {
      const agent = await session();
      server.enqueue(
        { kind: 'reply', content: [taskCall('general', 'Remember the number 7')] },
        { kind: 'reply', content: [text('Noted: 7.')] },
        (request) => ({ kind: 'reply', content: [toolCall('task', { description: 'Recall', prompt: 'Which number?', agent: 'general', task_id: taskIdIn(request) }, 'call_again'), toolCall('task', { description: 'Recall', prompt: 'Which?', agent: 'general', task_id: 'task_00000000' }, 'call_unknown')] }),
        (request) => ({ kind: 'reply', content: [text(sentText(request).includes('Remember the number 7') && sentText(request).includes('Noted: 7.') ? 'It was 7.' : 'No idea.')] }),
        { kind: 'reply', content: [text('Done.')] },
      );
      await agent.send('remember and recall', () => undefined);
      assert.deepEqual(server.violations, []);
      const last = sentText(server.requests.at(-1));
      assert.match(last, /It was 7\./);
      assert.match(last, /There is no task \\"task_00000000\\" in this conversation/);
      assert.equal(server.requests.length, 5);
    });

    it('refuses a second continuation of a task while the first waits for its turn', async () => {
      const agent = await session({ settings: { maxParallelSubagents: 1 } });
      const child = (request: RecordedRequest): ScriptedResponse => {
        const prompt = firstUserText(request);
        if (prompt.includes('Slow')) return { kind: 'reply', content: [text('slow '.repeat(20))], chunkSize: 4, chunkDelayMs: 20 };
        // A continued child's first message is still its first task: the new one comes last.
        return { kind: 'reply', content: [text(sentText(request).includes('Again') ? 'Again done.' : 'Begun.')] };
      };
      server.enqueue(
        { kind: 'reply', content: [taskCall('general', 'Begin')] },
        child,
        (request) => {
          const taskId = taskIdIn(request);
          const again = (id: string): ReturnType<typeof toolCall> => toolCall('task', { description: 'Again', prompt: 'Again', agent: 'general', task_id: taskId }, id);
          return { kind: 'reply', content: [taskCall('explore', 'Slow look', 'call_slow'), again('call_again1'), again('call_again2')] };
        },
        child,
        child,
        { kind: 'reply', content: [text('Done.')] },
      );
      await agent.send('go', () => undefined);
      assert.deepEqual(server.violations, []);
      const results = sentText(server.requests.at(-1));
      assert.match(results, /Again done\./);
      assert.match(results, /Task \\"task_[0-9a-f]{8}\\" is still running/);
      assert.equal(server.requests.length, 6, 'the task ran once more, not twice');
    });

    it('continues a task in the parent\'s plan mode of now, though it began in act mode', async () => {
      const agent = await session();
      server.enqueue({ kind: 'reply', content: [taskCall('general', 'Begin')] }, { kind: 'reply', content: [text('Begun.')] }, { kind: 'reply', content: [text('Started it.')] });
      await agent.send('begin', () => undefined);
      agent.mode = 'plan';
      server.enqueue(
        (request) => ({ kind: 'reply', content: [toolCall('task', { description: 'Change a file', prompt: 'Now change a.txt', agent: 'general', task_id: taskIdIn(request) }, 'call_on')] }),
        ...tries(edit),
        { kind: 'reply', content: [text('Planned.')] },
      );
      await agent.send('now plan the change', () => undefined);
      assert.equal(await ws.readText('a.txt'), 'alpha\n', 'the continued child did not edit in plan mode');
      assert.match(sentText(server.requests[5]), /write_file was not run[^"]*plan mode/i);
    });
  });
}
