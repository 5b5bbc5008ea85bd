import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createAgentSession } from '../../../../src/core/agent/createAgentSession';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../../../src/core/host/fileChanges';
import { startFakeLlmServer, text, toolCall, type FakeLlmServer, type RecordedRequest, type ScriptedResponse } from '../../../support/fakeLlmServer';
import { carriesToolResult, firstUserText, settingsFor } from '../../../support/subagentRequests';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

/** A `general` child that writes its file with a call id its parent uses too, then reports. */
function writer(request: RecordedRequest): ScriptedResponse {
  assert.match(firstUserText(request), /Write the notes/);
  if (!carriesToolResult(request)) return { kind: 'reply', content: [toolCall('write_file', { path: 'notes.md', content: 'by the child\n' }, 'call_1')] };
  return { kind: 'reply', content: [text('Wrote notes.md.')] };
}

describe('a subagent\'s edits', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let server: FakeLlmServer;
  let proposed: ProposedChange[];

  beforeEach(async () => {
    ws = await createTempWorkspace({ 'README.md': 'readme\n' });
    server = await startFakeLlmServer();
    proposed = [];
    const direct = ws.host.changes;
    const recording: FileChanges = {
      apply: (change, signal): Promise<ChangeOutcome> => {
        proposed.push(change);
        return direct.apply(change, signal);
      },
    };
    Object.assign(ws.host, { changes: recording });
  });
  afterEach(async () => {
    await server.close();
    await ws.cleanup();
  });

  it("reach the host with the child's task, so a call id the parent also uses does not mix with the parent's", async () => {
    const agent = await createAgentSession({ host: ws.host, settings: settingsFor('openai', server), apiKey: server.apiKey });
    server.enqueue(
      { kind: 'reply', content: [toolCall('task', { description: 'Write notes', prompt: 'Write the notes', agent: 'general' }, 'call_1')] },
      writer,
      writer,
      { kind: 'reply', content: [toolCall('write_file', { path: 'parent.md', content: 'by the parent\n' }, 'call_1')] },
      { kind: 'reply', content: [text('Done.')] },
    );
    const outcome = await agent.send('write the notes', () => undefined);
    assert.deepEqual(server.violations, []);
    assert.equal(outcome.reason, 'completed');
    assert.equal(await readFile(join(ws.root, 'notes.md'), 'utf8'), 'by the child\n');
    const [child, parent] = proposed;
    assert.equal(proposed.length, 2);
    assert.equal(child?.displayPath, 'notes.md');
    assert.equal(child?.toolCallId, 'call_1');
    assert.match(child?.subagent?.taskId ?? '', /^task_[0-9a-f]{8}$/);
    assert.deepEqual({ ...child?.subagent, taskId: undefined }, { taskId: undefined, description: 'Write notes', agent: 'general' });
    assert.equal(parent?.displayPath, 'parent.md');
    assert.equal(parent?.toolCallId, 'call_1');
    assert.equal(parent?.subagent, undefined, "the parent's own call names no child");
  });
});
