import assert from 'node:assert/strict';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { assertEditRefused } from './refusedEdit';

const CALC = ['function add(a, b) {', '  return a + b;', '}', '', 'function sub(a, b) {', '  return a - b;', '}', '', 'module.exports = { add, sub };', ''].join('\n');

describe('edit_file with several edits', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({ 'calc.js': CALC, 'crlf.txt': 'one\r\ntwo\r\nthree\r\nfour\r\n' });
  });
  afterEach(() => temp.cleanup());

  const assertFailsUnchanged = (input: Record<string, unknown>, relative = 'calc.js'): Promise<string> => assertEditRefused(temp, relative, input);

  it('applies every edit, each located in the file as it was, whatever their order, as one change', async () => {
    const result = await temp.callTool('edit_file', {
      path: 'calc.js',
      edits: [
        { old_str: '  return a - b;', new_str: '  return a - b; // difference' },
        { old_str: 'function add(a, b) {\n  return a + b;', new_str: 'function add(a, b) {\n  // the sum\n  return a + b;' },
      ],
    });
    assert.equal(result.isError, false, result.text);
    const expected = CALC.replace('  return a + b;', '  // the sum\n  return a + b;').replace('  return a - b;', '  return a - b; // difference');
    assert.equal(await temp.readText('calc.js'), expected);
    assert.equal(result.summary, 'Edited calc.js:1–3, 7 +2 −1');
    assert.match(result.text, /^Edited calc\.js: applied 2 edits\.\nLines 1–3 now read:\n/);
    assert.match(result.text, /\nLine 7 now reads:\n(.*\n)* 7\t {2}return a - b; \/\/ difference/);
  });

  it('keeps CRLF in every edit', async () => {
    await temp.callTool('edit_file', { path: 'crlf.txt', edits: [{ old_str: 'four', new_str: '4' }, { old_str: 'one\ntwo', new_str: '1\n2' }] });
    assert.equal(await temp.readText('crlf.txt'), '1\r\n2\r\nthree\r\n4\r\n');
  });

  it('applies none when one edit does not match, and says which', async () => {
    const text = await assertFailsUnchanged({ edits: [{ old_str: '  return a + b;', new_str: '  return b + a;' }, { old_str: 'return a * b;', new_str: 'x' }] });
    assert.match(text, /^Edit 2 of 2: old_str was not found in calc\.js\./);
    assert.match(text, /No edit was applied; the file is unchanged\.$/);
  });

  it('refuses overlapping edits, naming them and their lines', async () => {
    const text = await assertFailsUnchanged({
      edits: [
        { old_str: 'function sub(a, b) {\n  return a - b;', new_str: 'function minus(a, b) {\n  return a - b;' },
        { old_str: '  return a - b;\n}', new_str: '  return b - a;\n}' },
      ],
    });
    assert.match(text, /^Edits 1 and 2 overlap \(lines 5–6 and lines 6–7\)/);
  });

  it('refuses the same region twice, and an edit that changes nothing', async () => {
    assert.match(await assertFailsUnchanged({ edits: [{ old_str: 'add, sub', new_str: 'add' }, { old_str: 'add, sub', new_str: 'sub' }] }), /^Edits 1 and 2 overlap/);
    assert.match(await assertFailsUnchanged({ edits: [{ old_str: 'add', new_str: 'plus' }, { old_str: 'sub', new_str: 'sub' }] }), /^Edit 2: old_str and new_str are the same/);
  });

  it('refuses edits together with old_str, with replace_all, or empty', async () => {
    assert.match(await assertFailsUnchanged({ old_str: 'add', new_str: 'plus', edits: [{ old_str: 'sub', new_str: 'minus' }] }), /either old_str\/new_str or edits, not both/);
    assert.match(await assertFailsUnchanged({ edits: [{ old_str: 'sub', new_str: 'minus' }], replace_all: true }), /replace_all works with old_str\/new_str only/);
    assert.match(await assertFailsUnchanged({ old_str: 'add' }), /Give old_str and new_str/);
    assert.equal((await temp.callTool('edit_file', { path: 'calc.js', edits: [] })).isError, true);
  });

  it('names every edited place for up to three edits, and counts them beyond', async () => {
    const result = await temp.callTool('edit_file', {
      path: 'calc.js',
      edits: [
        { old_str: 'function add', new_str: 'function plus' },
        { old_str: 'function sub', new_str: 'function minus' },
        { old_str: '  return a + b;', new_str: '  return b + a;' },
        { old_str: 'module.exports = { add, sub };', new_str: 'module.exports = { plus, minus };' },
      ],
    });
    assert.equal(result.isError, false, result.text);
    assert.equal(result.summary, 'Edited calc.js (4 places) +4 −4');
  });
});
