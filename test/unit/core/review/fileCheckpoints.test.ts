import assert from 'node:assert/strict';
import { FileCheckpoints, type FileRestore } from '../../../../src/core/review/fileCheckpoints';
import { seededRandom } from './seededRandom';

/** Files in memory; every change is recorded first, as the controller does. */
class FakeFiles {
  readonly files = new Map<string, string>();
  constructor(readonly history: FileCheckpoints, initial: Record<string, string> = {}) {
    for (const [path, content] of Object.entries(initial)) this.files.set(path, content);
  }
  write(path: string, content: string): void {
    this.history.recordBeforeChange(path, this.files.get(path) ?? null);
    this.files.set(path, content);
  }
  delete(path: string): void {
    this.history.recordBeforeChange(path, this.files.get(path) ?? null);
    this.files.delete(path);
  }
  restore(plan: readonly FileRestore[]): void {
    for (const { path, content } of plan) {
      if (content === null) this.files.delete(path);
      else this.files.set(path, content);
    }
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.files].sort(([a], [b]) => a.localeCompare(b)));
  }
}

const byPath = (plan: readonly FileRestore[]): Record<string, string | null> => Object.fromEntries(plan.map(({ path, content }) => [path, content]));

/** Three user messages: m1 edits a.ts and creates new.ts; m2 edits a.ts and b.ts and deletes old.ts; m3 edits new.ts and b.ts. */
function threeTurns(): { history: FileCheckpoints; files: FakeFiles; states: Record<string, Record<string, string>> } {
  const history = new FileCheckpoints();
  const files = new FakeFiles(history, { 'a.ts': 'a0', 'b.ts': 'b0', 'old.ts': 'old0' });
  const states: Record<string, Record<string, string>> = {};

  history.begin('m1');
  states.m1 = files.snapshot();
  files.write('a.ts', 'a1');
  files.write('new.ts', 'new1');
  files.write('a.ts', 'a1 again');

  history.begin('m2');
  states.m2 = files.snapshot();
  files.write('a.ts', 'a2');
  files.write('b.ts', 'b2');
  files.delete('old.ts');

  history.begin('m3');
  states.m3 = files.snapshot();
  files.write('new.ts', 'new3');
  files.write('b.ts', 'b3');
  return { history, files, states };
}

describe('FileCheckpoints', () => {
  it('plans the content each changed file had at a checkpoint, null for files that did not exist', () => {
    const { history } = threeTurns();
    assert.deepEqual(history.restorePlan('m1'), [
      { path: 'a.ts', content: 'a0' },
      { path: 'new.ts', content: null },
      { path: 'b.ts', content: 'b0' },
      { path: 'old.ts', content: 'old0' },
    ]);
    assert.deepEqual(byPath(history.restorePlan('m2')), { 'a.ts': 'a1 again', 'b.ts': 'b0', 'old.ts': 'old0', 'new.ts': 'new1' });
    assert.deepEqual(byPath(history.restorePlan('m3')), { 'new.ts': 'new1', 'b.ts': 'b2' });
    assert.deepEqual(history.restorePlan('unknown'), []);
  });

  it('brings the files back exactly to each checkpoint', () => {
    for (const checkpoint of ['m1', 'm2', 'm3']) {
      const { history, files, states } = threeTurns();
      files.restore(history.restorePlan(checkpoint));
      assert.deepEqual(files.snapshot(), states[checkpoint], checkpoint);
    }
  });

  it('lists the checkpoints a restore would change something for', () => {
    const { history } = threeTurns();
    history.begin('m4');
    assert.deepEqual(history.checkpointsWithChanges(), ['m1', 'm2', 'm3']);

    const quiet = new FileCheckpoints();
    quiet.begin('q1');
    quiet.begin('q2');
    quiet.recordBeforeChange('x', 'x0');
    quiet.begin('q3');
    assert.deepEqual(quiet.checkpointsWithChanges(), ['q1', 'q2'], 'q1 had no change of its own, but files changed after it');
    assert.deepEqual(new FileCheckpoints().checkpointsWithChanges(), []);
  });

  it('records nothing before the first checkpoint and ignores a checkpoint begun again', () => {
    const history = new FileCheckpoints();
    history.recordBeforeChange('early.ts', 'e0');
    history.begin('m1');
    history.recordBeforeChange('x.ts', 'x0');
    history.begin('m2');
    history.begin('m1');
    history.recordBeforeChange('x.ts', 'x1');
    assert.deepEqual(history.restorePlan('m1'), [{ path: 'x.ts', content: 'x0' }]);
    assert.deepEqual(history.restorePlan('m2'), [{ path: 'x.ts', content: 'x1' }]);
  });

  it('after a restore, drops the later checkpoints and keeps restoring correctly', () => {
    const { history, files, states } = threeTurns();
    files.restore(history.restorePlan('m2'));
    history.afterRestore('m2');

    assert.deepEqual(history.checkpointsWithChanges(), ['m1']);
    assert.deepEqual(history.restorePlan('m2'), []);
    assert.deepEqual(history.restorePlan('m3'), []);

    // The conversation goes on from m2: new changes belong to it, and m3 can begin again.
    files.write('b.ts', 'b2 redone');
    history.begin('m3');
    files.write('c.ts', 'c3');
    assert.deepEqual(history.checkpointsWithChanges(), ['m1', 'm2', 'm3']);

    const again = FileCheckpoints.fromJSON(JSON.parse(JSON.stringify(history)));
    const copy = new FakeFiles(again, files.snapshot());
    copy.restore(again.restorePlan('m2'));
    assert.deepEqual(copy.snapshot(), states.m2);
    files.restore(history.restorePlan('m1'));
    assert.deepEqual(files.snapshot(), states.m1);
  });

  it('is not confused by the restore writes being recorded', () => {
    const { history, files, states } = threeTurns();
    files.restore(history.restorePlan('m1'));
    for (const { path } of history.restorePlan('m1')) history.recordBeforeChange(path, 'whatever was there');
    history.afterRestore('m1');
    assert.deepEqual(history.checkpointsWithChanges(), []);
    files.write('a.ts', 'later');
    files.restore(history.restorePlan('m1'));
    assert.deepEqual(files.snapshot(), states.m1);
  });

  it('restores random histories exactly to every checkpoint', () => {
    const random = seededRandom(424_242);
    for (let round = 0; round < 60; round++) {
      const history = new FileCheckpoints();
      const files = new FakeFiles(history, { 'f0': 'start' });
      const states = new Map<string, Record<string, string>>();
      const turns = 1 + random.int(6);
      for (let turn = 0; turn < turns; turn++) {
        const id = `r${round}m${turn}`;
        history.begin(id);
        states.set(id, files.snapshot());
        for (let changes = random.int(4); changes > 0; changes--) {
          const path = `f${random.int(4)}`;
          if (random.int(4) === 0) files.delete(path);
          else files.write(path, `${path} at ${turn}.${changes}`);
        }
        // Sometimes restore to an earlier checkpoint mid-conversation.
        if (random.int(5) === 0) {
          const ids = [...states.keys()];
          const target = ids[random.int(ids.length)] as string;
          files.restore(history.restorePlan(target));
          assert.deepEqual(files.snapshot(), states.get(target));
          history.afterRestore(target);
          for (const later of ids.slice(ids.indexOf(target) + 1)) states.delete(later);
        }
      }
      const saved = JSON.stringify(history);
      for (const [id, state] of states) {
        const restored = FileCheckpoints.fromJSON(JSON.parse(saved));
        const copy = new FakeFiles(restored, files.snapshot());
        copy.restore(restored.restorePlan(id));
        assert.deepEqual(copy.snapshot(), state, `round ${round}, ${id}`);
      }
    }
  });

  it('round-trips through JSON', () => {
    const { history } = threeTurns();
    const json: unknown = JSON.parse(JSON.stringify(history));
    const restored = FileCheckpoints.fromJSON(json);
    assert.deepEqual(restored.toJSON(), history.toJSON());
    for (const id of ['m1', 'm2', 'm3']) assert.deepEqual(restored.restorePlan(id), history.restorePlan(id));
    assert.deepEqual(restored.checkpointsWithChanges(), ['m1', 'm2', 'm3']);
  });

  it('turns invalid JSON into an empty history without throwing', () => {
    const invalid: unknown[] = [
      undefined, null, 42, 'text', [], {},
      { version: 2, checkpoints: [] },
      { version: 1, checkpoints: {} },
      { version: 1, checkpoints: [{ id: 1, files: [] }] },
      { version: 1, checkpoints: [{ id: 'm1', files: [{ path: 'a', content: 5 }] }] },
      { version: 1, checkpoints: [{ id: 'm1', files: [{ path: 'a' }] }] },
      { version: 1, checkpoints: [{ id: 'm1', files: [] }, { id: 'm1', files: [] }] },
    ];
    for (const value of invalid) {
      const history = FileCheckpoints.fromJSON(value);
      assert.deepEqual(history.toJSON(), { version: 1, checkpoints: [] }, JSON.stringify(value));
      history.begin('m1');
      history.recordBeforeChange('a', null);
      assert.deepEqual(history.restorePlan('m1'), [{ path: 'a', content: null }]);
    }
  });
});
