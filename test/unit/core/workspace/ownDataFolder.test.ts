import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { ownDataTest } from '../../../../src/core/workspace/ownDataTest';
import { RecordingApprovals } from '../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';

const session = '{"title":"the terminal session"}';

describe('Elbow\'s data folder and the file tools', () => {
  let ws: TempWorkspace | undefined;
  afterEach(() => ws?.cleanup());

  it('refuse a session file in a data folder inside the workspace (ELBOW_DATA_DIR=.elbow-data), and search and list leave it out', async () => {
    ws = await createTempWorkspace({ 'src/a.ts': 'the terminal session is data\n', '.elbow-data/sessions/ws-0123/s1.json': session }, { dataFolder: 'ws/.elbow-data' });
    const read = await ws.callTool('read_file', { path: '.elbow-data/sessions/ws-0123/s1.json' });
    assert.equal(read.isError, true);
    assert.match(read.text, /Elbow's own data folder/);
    const write = await ws.callTool('write_file', { path: '.elbow-data/sessions/ws-0123/s2.json', content: '{}' });
    assert.equal(write.isError, true);
    await assert.rejects(fs.access(ws.path('.elbow-data/sessions/ws-0123/s2.json')));
    const found = await ws.callTool('search', { pattern: 'the terminal session' });
    assert.doesNotMatch(found.text, /elbow-data/);
    assert.match(found.text, /src\/a\.ts/);
    assert.doesNotMatch((await ws.callTool('list_files', { path: '.', recursive: true })).text, /s1\.json/);
  });

  it('refuse it outside the workspace too, without asking, even where the user would allow a read outside', async () => {
    const approvals = new RecordingApprovals();
    ws = await createTempWorkspace({ 'a.txt': 'a\n' }, { approvals, dataFolder: 'data' });
    const file = path.join(ws.base, 'data', 'sessions', 'ws-0123', 's1.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, session);
    approvals.answer({ approved: true });
    const read = await ws.callTool('read_file', { path: file });
    assert.equal(read.isError, true);
    assert.doesNotMatch(read.text, /the terminal session/);
    assert.equal(approvals.requests.length, 0);
  });

  it('leaves a task\'s worktree inside the data folder open when it is the workspace folder', () => {
    const data = path.join(path.sep, 'var', 'elbow');
    const worktree = path.join(data, 'worktrees', 'fix-1');
    const isOwnData = ownDataTest(data, () => [worktree]);
    assert.equal(isOwnData(path.join(worktree, 'src', 'a.ts')), false);
    assert.equal(isOwnData(path.join(data, 'sessions', 'x', 's1.json')), true);
    assert.equal(ownDataTest(data, () => [data])(path.join(data, 'sessions', 'x', 's1.json')), true);
    assert.equal(isOwnData(path.join(path.sep, 'var', 'elbow-other', 'a')), false);
  });
});
