import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

describe('tools outside the workspace', () => {
  let ws: TempWorkspace;
  let approvals: RecordingApprovals;
  let outsideFile: string;

  beforeEach(async () => {
    approvals = new RecordingApprovals();
    ws = await createTempWorkspace({ 'inside.txt': 'inside\n', 'link-out': { symlink: '../outside' } }, { approvals });
    await fs.mkdir(path.join(ws.base, 'outside'));
    outsideFile = path.join(ws.base, 'outside', 'notes.txt');
    await fs.writeFile(outsideFile, 'outside notes\n');
  });
  afterEach(() => ws.cleanup());

  it('reads outside only after the user allows it, and never asks inside', async () => {
    await ws.callTool('read_file', { path: 'inside.txt' });
    assert.equal(approvals.requests.length, 0);
    approvals.answer({ approved: true });
    const read = await ws.callTool('read_file', { path: outsideFile });
    assert.equal(read.isError, false, read.text);
    assert.match(read.text, /outside notes/);
    assert.deepEqual(approvals.requests[0], { kind: 'outsideWorkspace', toolCallId: 'call-1', toolName: 'read_file', path: outsideFile, access: 'read' });
  });

  it('a denied read tells the model, with the reason', async () => {
    approvals.answer({ approved: false, reason: 'stay in the project' });
    const read = await ws.callTool('list_files', { path: '../outside' });
    assert.equal(read.isError, true);
    assert.match(read.text, /denied permission to read .*outside, which is outside the workspace, saying: "stay in the project"/);
  });

  it('a symbolic link leading out of the workspace asks too', async () => {
    approvals.answer({ approved: true });
    const read = await ws.callTool('read_file', { path: 'link-out/notes.txt' });
    assert.match(read.text, /outside notes/);
    assert.equal(approvals.requests[0]?.kind, 'outsideWorkspace');
  });

  it('refuses writes outside without asking, unless the setting allows asking', async () => {
    const refused = await ws.callTool('write_file', { path: outsideFile, content: 'changed\n' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /does not write outside it \(the setting elbow\.files\.allowWritesOutsideWorkspace is off\)/);
    assert.equal(approvals.requests.length, 0);
    const edit = await ws.callTool('edit_file', { path: outsideFile, old_str: 'outside', new_str: 'x' });
    assert.equal(edit.isError, true);
    assert.equal(await fs.readFile(outsideFile, 'utf8'), 'outside notes\n');

    Object.assign(ws.settings.current(), { allowWritesOutsideWorkspace: true });
    approvals.answer({ approved: true });
    const written = await ws.callTool('write_file', { path: outsideFile, content: 'changed\n' });
    assert.equal(written.isError, false, written.text);
    assert.equal(await fs.readFile(outsideFile, 'utf8'), 'changed\n');
    assert.deepEqual(approvals.requests.map((request) => request.kind === 'outsideWorkspace' && request.access), ['write']);
  });

  it('search stays inside the workspace', async () => {
    const search = await ws.callTool('search', { pattern: 'notes', path: '../outside' });
    assert.equal(search.isError, true);
    assert.match(search.text, /outside the workspace/);
    assert.equal(approvals.requests.length, 0);
  });
});
