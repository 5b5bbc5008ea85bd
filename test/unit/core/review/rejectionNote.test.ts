import assert from 'node:assert/strict';
import { describeRejectedFile, describeRejectedLines } from '../../../../src/core/review/rejectionNote';

const reread = 'Do not assume that edit stands; re-read the file before editing it again.';
const rereadAll = 'Do not assume those edits stand; re-read the file before editing it again.';

describe('rejection notes', () => {
  it('names the rejected lines of a file', () => {
    assert.equal(
      describeRejectedLines('src/a.ts', [{ startLine: 10, endLine: 14 }]),
      `The user rejected your change to src/a.ts lines 10–14; that part of the file is back to its earlier text. ${reread}`,
    );
    assert.equal(
      describeRejectedLines('src/a.ts', [{ startLine: 7, endLine: 7 }]),
      `The user rejected your change to src/a.ts line 7; that part of the file is back to its earlier text. ${reread}`,
    );
  });

  it('lists several ranges in order, joining those that overlap or touch', () => {
    assert.equal(
      describeRejectedLines('b.py', [{ startLine: 30, endLine: 31 }, { startLine: 3, endLine: 5 }, { startLine: 6, endLine: 6 }, { startLine: 12, endLine: 12 }]),
      `The user rejected your changes to b.py lines 3–6, line 12 and lines 30–31; those parts of the file are back to their earlier text. ${rereadAll}`,
    );
    assert.equal(
      describeRejectedLines('b.py', [{ startLine: 9, endLine: 4 }, { startLine: 20, endLine: 20 }]),
      `The user rejected your changes to b.py lines 4–9 and line 20; those parts of the file are back to their earlier text. ${rereadAll}`,
    );
    assert.equal(
      describeRejectedLines('b.py', []),
      `The user rejected some of your changes to b.py; those parts of the file are back to their earlier text. ${rereadAll}`,
    );
  });

  it('describes a whole file rejected, by what the agent had done to it', () => {
    assert.equal(describeRejectedFile('src/x.ts', 'created'), 'The user rejected your new file src/x.ts; it was deleted. Do not assume it exists.');
    assert.equal(describeRejectedFile('src/a.ts', 'modified'), `The user rejected all your changes to src/a.ts; it is back to its earlier text. ${rereadAll}`);
    assert.equal(describeRejectedFile('src/b.ts', 'deleted'), 'The user rejected your deletion of src/b.ts; it was restored. Do not assume it is gone; re-read it before changing it.');
  });

  it('stays on one line', () => {
    for (const note of [describeRejectedLines('a', [{ startLine: 1, endLine: 2 }]), describeRejectedFile('a', 'created'), describeRejectedFile('a', 'deleted')]) {
      assert.ok(!note.includes('\n'));
    }
  });
});
