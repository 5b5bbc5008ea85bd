import assert from 'node:assert/strict';
import { findTypedMentions } from '../../../../src/core/mentions/typedMentions';

describe('findTypedMentions', () => {
  const paths = (line: string): string[] => findTypedMentions(line).map((mention) => mention.path);

  it('finds @paths at the start, after spaces and after opening brackets or quotes', () => {
    assert.deepEqual(paths('@src/app.ts and (@docs/a.md) "@b.ts"'), ['src/app.ts', 'docs/a.md', 'b.ts']);
  });

  it('leaves sentence punctuation after a path out of it', () => {
    assert.deepEqual(paths('look at @src/app.ts, then @README.md.'), ['src/app.ts', 'README.md']);
  });

  it('takes no e-mail address, lone @ or decorator-like text inside a word', () => {
    assert.deepEqual(paths('mail a@b.com or me@example.org @ now x@y'), []);
  });

  it('says where each mention is in the line', () => {
    assert.deepEqual(findTypedMentions('see @a.ts'), [{ path: 'a.ts', start: 4, end: 9 }]);
  });
});
