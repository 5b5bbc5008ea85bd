import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { createTempWorkspace, type TempWorkspace } from '../../../support/tempWorkspace';
import { assertEditRefused } from './refusedEdit';

const FIZZBUZZ = [
  'function fizzbuzz(n) {',
  '  for (let i = 1; i <= n; i++) {',
  '    if (i % 15 === 0) console.log("FizzBuzz");',
  '    else if (i % 3 === 0) console.log("Fizz");',
  '    else console.log(i);',
  '  }',
  '}',
  'fizzbuzz(100);',
  '',
].join('\n');

describe('edit_file', () => {
  let temp: TempWorkspace;

  beforeEach(async () => {
    temp = await createTempWorkspace({
      'fizzbuzz.js': FIZZBUZZ,
      'twice.txt': 'x = 1\ny = 2\nx = 1\n',
      'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
      'bom.txt': '\uFEFFhello\nworld\n',
      'empty.txt': '',
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6b, 0x0a, 0x6f, 0x6b, 0x0a, 0x6f, 0x6b, 0x0a, 0x6f, 0x6b, 0x0a, 0x6f, 0x6b, 0x0a, 0x6f, 0x6b, 0x0a]),
      '.elbowignore': 'hidden.txt\n',
      'hidden.txt': 'secret\n',
      'escape.txt': { symlink: '../outside/o.txt' },
      'out-dir': { symlink: '../outside' },
      '../outside/o.txt': 'outside\n',
    });
  });
  afterEach(() => temp.cleanup());

  /** Runs the edit and asserts it failed without touching the file. */
  const assertFailsUnchanged = (relative: string, input: Record<string, unknown>): Promise<string> => assertEditRefused(temp, relative, input);

  it('replaces a unique match, shows the edited region and counts changed lines', async () => {
    const result = await temp.callTool('edit_file', {
      path: 'fizzbuzz.js',
      old_str: 'fizzbuzz(100);',
      new_str: 'fizzbuzz(15);\nconsole.log("done");',
    });
    assert.equal(result.isError, false, result.text);
    assert.equal(await temp.readText('fizzbuzz.js'), FIZZBUZZ.replace('fizzbuzz(100);', 'fizzbuzz(15);\nconsole.log("done");'));
    assert.equal(result.summary, 'Edited fizzbuzz.js:8–9 +2 −1');
    assert.match(result.text, /^Edited fizzbuzz\.js: replaced 1 occurrence\./);
    const region = ['5\t    else console.log(i);', '6\t  }', '7\t}', '8\tfizzbuzz(15);', '9\tconsole.log("done");'].join('\n');
    assert.ok(result.text.endsWith(`The edited region now reads:\n${region}`), result.text);
  });

  it('with no match, leaves the file byte-identical and shows the closest region and where it differs', async () => {
    const text = await assertFailsUnchanged('fizzbuzz.js', {
      old_str: '    else if (i % 3 === 0) console.log("Fiz");\n    else console.log(i);',
      new_str: 'x',
    });
    assert.match(text, /^old_str was not found in fizzbuzz\.js\. It is most like lines 4–5 \(\d+% similar; no other region was 50% similar\), but line 4, which new_str changes, differs there:/);
    assert.ok(text.includes('\n4\t    else if (i % 3 === 0) console.log("Fizz");\n5\t    else console.log(i);\n'), text);
    assert.ok(text.includes('  old_str: "    else if (i % 3 === 0) console.log(\\"Fiz\\");"'), text);
  });

  it('refuses when only indentation differs, unevenly, so new_str cannot be re-indented', async () => {
    const text = await assertFailsUnchanged('fizzbuzz.js', { old_str: 'else console.log(i);\n}', new_str: 'x' });
    assert.match(text, /^old_str matches lines 5–6 of fizzbuzz\.js only after ignoring indentation, and its indentation differs from the file's unevenly/);
  });

  it('applies an edit whose old_str and new_str carry read_file\'s line-number prefixes, and says so', async () => {
    const result = await temp.callTool('edit_file', { path: 'fizzbuzz.js', old_str: '8\tfizzbuzz(100);', new_str: '8\tfizzbuzz(15);' });
    assert.equal(result.isError, false, result.text);
    assert.equal(await temp.readText('fizzbuzz.js'), FIZZBUZZ.replace('fizzbuzz(100);', 'fizzbuzz(15);'));
    assert.match(result.text, /^Edited fizzbuzz\.js: replaced 1 occurrence\. It matched after removing read_file's line-number prefixes at line 8\./);
  });

  it('with several matches, leaves the file byte-identical and gives their lines', async () => {
    const text = await assertFailsUnchanged('twice.txt', { old_str: 'x = 1', new_str: 'x = 3' });
    assert.equal(text, 'old_str matches 2 places in twice.txt (lines 1, 3). Include more surrounding lines in old_str so that it matches exactly one, or set replace_all: true to replace every one.');
  });

  it('with replace_all and no exact match, shows the closest region and changes nothing', async () => {
    const text = await assertFailsUnchanged('twice.txt', { old_str: 'x = 11', new_str: 'x = 3', replace_all: true });
    assert.match(text, /^old_str was not found in twice\.txt\./);
    assert.match(text, /\(replace_all replaces exact occurrences only\.\)$/);
  });

  it('replaces every match with replace_all', async () => {
    const result = await temp.callTool('edit_file', { path: 'twice.txt', old_str: 'x = 1', new_str: 'x = 3', replace_all: true });
    assert.equal(await temp.readText('twice.txt'), 'x = 3\ny = 2\nx = 3\n');
    assert.equal(result.summary, 'Edited twice.txt (2 places) +2 −2');
    assert.match(result.text, /replaced 2 occurrences/);
  });

  it('inserts replacement text literally ($& is not special)', async () => {
    await temp.callTool('edit_file', { path: 'twice.txt', old_str: 'y = 2', new_str: 'y = "$&$1"' });
    assert.equal(await temp.readText('twice.txt'), 'x = 1\ny = "$&$1"\nx = 1\n');
  });

  it('keeps CRLF line endings when the model writes \\n', async () => {
    await temp.callTool('edit_file', { path: 'crlf.txt', old_str: 'one\ntwo', new_str: 'one\n1.5\ntwo' });
    assert.equal(await temp.readText('crlf.txt'), 'one\r\n1.5\r\ntwo\r\nthree\r\n');
  });

  it('keeps a UTF-8 byte order mark', async () => {
    await temp.callTool('edit_file', { path: 'bom.txt', old_str: 'world', new_str: 'there' });
    assert.deepEqual(await temp.readBytes('bom.txt'), Buffer.from('\uFEFFhello\nthere\n'));
  });

  it('creates a missing file, with its folders, from an empty old_str', async () => {
    const result = await temp.callTool('edit_file', { path: 'new/deep/file.ts', old_str: '', new_str: 'export {};\n' });
    assert.equal(result.isError, false, result.text);
    assert.equal(await temp.readText('new/deep/file.ts'), 'export {};\n');
    assert.equal(result.summary, 'Created new/deep/file.ts +1');
  });

  it('fills an empty file from an empty old_str, but refuses on a non-empty one', async () => {
    await temp.callTool('edit_file', { path: 'empty.txt', old_str: '', new_str: 'filled\n' });
    assert.equal(await temp.readText('empty.txt'), 'filled\n');
    const text = await assertFailsUnchanged('fizzbuzz.js', { old_str: '', new_str: 'x' });
    assert.match(text, /already exists and is not empty/);
  });

  it('refuses an edit that changes nothing', async () => {
    const text = await assertFailsUnchanged('fizzbuzz.js', { old_str: 'fizzbuzz(100);', new_str: 'fizzbuzz(100);' });
    assert.match(text, /the same/);
  });

  it('refuses a missing file when old_str is not empty', async () => {
    const result = await temp.callTool('edit_file', { path: 'fizzbuz.js', old_str: 'a', new_str: 'b' });
    assert.equal(result.isError, true);
    assert.match(result.text, /File not found: fizzbuz\.js\. Did you mean: fizzbuzz\.js\?.*empty old_str/);
  });

  it('refuses binary files and text that is not UTF-8', async () => {
    assert.match(await assertFailsUnchanged('image.png', { old_str: 'PNG', new_str: 'JPG' }), /binary file \(PNG image/);
    assert.match(await assertFailsUnchanged('latin1.txt', { old_str: 'ok', new_str: 'ko', replace_all: true }), /not valid UTF-8/);
  });

  it('refuses hidden files, links out of the workspace and new files in linked folders', async () => {
    assert.match(await assertFailsUnchanged('hidden.txt', { old_str: 'secret', new_str: 'public' }), /hidden by \.elbowignore/);
    const outside = path.join(temp.base, 'outside');
    assert.match(await assertFailsUnchanged('escape.txt', { old_str: 'outside', new_str: 'changed' }), /outside the workspace/);
    assert.equal(await fs.readFile(path.join(outside, 'o.txt'), 'utf8'), 'outside\n');
    const created = await temp.callTool('edit_file', { path: 'out-dir/planted.txt', old_str: '', new_str: 'x' });
    assert.equal(created.isError, true);
    assert.match(created.text, /outside the workspace/);
    await assert.rejects(fs.stat(path.join(outside, 'planted.txt')));
  });

  it('refuses to write inside .git', async () => {
    const result = await temp.callTool('edit_file', { path: '.git/hooks/pre-commit', old_str: '', new_str: '#!/bin/sh\n' });
    assert.equal(result.isError, true);
    assert.match(result.text, /inside \.git/);
  });
});
