import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import { DirectFileChanges } from '../../../../../src/core/host/directFileChanges';
import type { ChangeOutcome, FileChanges, ProposedChange } from '../../../../../src/core/host/fileChanges';
import { RecordingApprovals } from '../../../../support/recordingApprovals';
import { createTempWorkspace, type TempWorkspace } from '../../../../support/tempWorkspace';

/** Runs `hook` before the host sees each change, as a process in the workspace could act between two of them. */
class HookedChanges implements FileChanges {
  private calls = 0;
  constructor(
    private readonly direct: FileChanges,
    private readonly hook: (change: ProposedChange, call: number) => Promise<ChangeOutcome | undefined>,
  ) {}

  async apply(change: ProposedChange, signal: AbortSignal): Promise<ChangeOutcome> {
    return (await this.hook(change, this.calls++)) ?? this.direct.apply(change, signal);
  }
}

function patch(...lines: string[]): { input: string } {
  return { input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') };
}

describe('apply_patch against files swapped while it runs', () => {
  let ws: TempWorkspace;
  let approvals: RecordingApprovals;

  beforeEach(async () => {
    approvals = new RecordingApprovals();
    ws = await createTempWorkspace({ 'notes.md': 'hello\n', 'AGENTS.md': 'hello\n', 'plain.txt': 'plain\n', 'keep/settings.json': '{ "x": 1 }\n', 'target.txt': 'target\n', 'link.txt': { symlink: 'target.txt' } }, { approvals });
  });
  afterEach(() => ws.cleanup());

  function hook(run: (change: ProposedChange, call: number) => Promise<ChangeOutcome | undefined>): void {
    Object.assign(ws.host, { changes: new HookedChanges(new DirectFileChanges(ws.host.files), run) });
  }

  it('a retry after a stale file never writes through a link swapped in for it (no protected file changed unasked)', async () => {
    hook(async (change, call) => {
      if (call !== 0) return undefined;
      await fs.writeFile(ws.path('notes.md'), 'hello \n');
      const outcome = await new DirectFileChanges(ws.host.files).apply(change);
      await fs.rm(ws.path('notes.md'));
      await fs.symlink('AGENTS.md', ws.path('notes.md'));
      return outcome;
    });
    const result = await ws.callTool('apply_patch', patch('*** Update File: notes.md', '@@', '-hello', '+{"evil":1}'));
    assert.equal(await ws.readText('AGENTS.md'), 'hello\n');
    assert.equal(result.isError, true, result.text);
    assert.equal(approvals.requests.length, 0);
  });

  it('putting back a created file never deletes another file through a folder swapped for a link', async () => {
    hook(async (change) => {
      if (!change.path.endsWith('plain.txt')) return undefined;
      await fs.rm(ws.path('d'), { recursive: true });
      await fs.symlink('keep', ws.path('d'));
      return { status: 'rejected' };
    });
    const result = await ws.callTool('apply_patch', patch('*** Add File: d/settings.json', '+{ "x": 1 }', '*** Update File: plain.txt', '@@', '-plain', '+changed'));
    assert.equal(result.isError, true);
    assert.equal(await ws.readText('keep/settings.json'), '{ "x": 1 }\n');
    assert.match(result.text, /d\/settings\.json could not be put back/);
  });

  it('refuses, before writing anything, a new file whose parent is a file', async () => {
    const result = await ws.callTool('apply_patch', patch('*** Add File: made/new.txt', '+n', '*** Add File: plain.txt/x', '+boom'));
    assert.equal(result.isError, true);
    assert.match(result.text, /plain\.txt\/x cannot be created: plain\.txt is a file, not a folder/);
    await assert.rejects(fs.stat(ws.path('made')));
  });

  it('refuses to delete or move a symbolic link, which it could not put back, and says what to use instead', async () => {
    const deleted = await ws.callTool('apply_patch', patch('*** Delete File: link.txt'));
    assert.equal(deleted.isError, true);
    assert.match(deleted.text, /link\.txt is a symbolic link; apply_patch does not delete links.*delete_file or run_command/);
    const moved = await ws.callTool('apply_patch', patch('*** Update File: link.txt', '*** Move to: moved.txt'));
    assert.match(moved.text, /does not move links/);
    assert.equal(await fs.readlink(ws.path('link.txt')), 'target.txt');
    assert.equal(await ws.readText('target.txt'), 'target\n');
  });
});
