import assert from 'node:assert/strict';
import { CappedOutput } from '../../../src/node/cappedOutput';

describe('CappedOutput', () => {
  it('keeps everything up to the cap', () => {
    const output = new CappedOutput(10);
    for (const chunk of ['abc', 'defg', 'hij']) output.append(chunk);
    assert.equal(output.text(), 'abcdefghij');
  });

  it('keeps the first and last half beyond the cap and counts the dropped bytes', () => {
    const output = new CappedOutput(10);
    for (const chunk of ['abc', 'defg', 'hijklm', 'nopq', 'rstuvwxyz']) output.append(chunk);
    assert.equal(output.text(), 'abcde\n[… 16 bytes of output dropped …]\nvwxyz');
    output.append('0123');
    assert.equal(output.text(), 'abcde\n[… 20 bytes of output dropped …]\nz0123');
  });

  it('drops the middle of one huge chunk', () => {
    const output = new CappedOutput(4);
    output.append(`ab${'-'.repeat(3 * 1024 * 1024)}yz`);
    assert.equal(output.text(), 'ab\n[… 3.0 MB of output dropped …]\nyz');
  });

  it('does not split a character made of two UTF-16 units', () => {
    const output = new CappedOutput(6);
    output.append('ab😀cdef😀gh');
    const text = output.text();
    assert.doesNotMatch(text, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    assert.equal(text, 'ab\n[… 12 bytes of output dropped …]\ngh');
  });
});
