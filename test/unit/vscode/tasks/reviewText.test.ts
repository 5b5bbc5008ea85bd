import assert from 'node:assert/strict';
import { proposedText } from '../../../../src/vscode/tasks/reviewText';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('proposedText', () => {
  it('proposes the task\'s text for a file the workspace still has as the task began', () => {
    assert.deepEqual(proposedText({ path: 'a', status: 'modified', kind: 'file', before: bytes('1\n2\n'), after: bytes('1\nTWO\n') }, '1\n2\n'), { kind: 'text', after: '1\nTWO\n', stale: false });
    assert.deepEqual(proposedText({ path: 'a', status: 'added', kind: 'file', after: bytes('new\n') }, undefined), { kind: 'text', after: 'new\n', stale: false });
    assert.deepEqual(proposedText({ path: 'a', status: 'deleted', kind: 'file', before: bytes('old\n') }, 'old\n'), { kind: 'text', after: undefined, stale: false });
  });

  it('makes the task\'s edits to a file changed since, keeping the workspace\'s own change', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const current = 'A-user\nb\nc\nd\ne\nf\ng\nh\n';
    const proposed = proposedText({ path: 'x', status: 'modified', kind: 'file', before: bytes(before), after: bytes(before.replace('h\n', 'H-task\n')) }, current);
    assert.deepEqual(proposed, { kind: 'text', after: 'A-user\nb\nc\nd\ne\nf\ng\nH-task\n', stale: true });
  });

  it('proposes the task\'s whole text where its edits no longer fit, still marked as changed since', () => {
    const proposed = proposedText({ path: 'x', status: 'modified', kind: 'file', before: bytes('one\n'), after: bytes('two\n') }, 'three\n');
    assert.deepEqual(proposed, { kind: 'text', after: 'two\n', stale: true });
  });

  it('leaves a file that is not text, and one that already holds the task\'s text', () => {
    assert.deepEqual(proposedText({ path: 'x', status: 'added', kind: 'file', after: new Uint8Array([0xff, 0xfe, 0x00]) }, undefined), { kind: 'notText' });
    assert.deepEqual(proposedText({ path: 'x', status: 'modified', kind: 'file', before: bytes('1'), after: bytes('2') }, '2'), { kind: 'unchanged' });
    assert.deepEqual(proposedText({ path: 'x', status: 'deleted', kind: 'file', before: bytes('1') }, undefined), { kind: 'unchanged' });
  });
});
