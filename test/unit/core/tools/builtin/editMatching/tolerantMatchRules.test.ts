import assert from 'node:assert/strict';
import { applied, appliedToBytes, lines, refused, refusedForBytes, withBom } from './editOutcome';

describe('the rules every tolerant match passes', () => {
  describe('the region is the only candidate across every step', () => {
    const block = ['function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}'];
    const file = lines(...block, '', '// kept for the old callers', ...block.map((line) => `    ${line}`));

    it('refuses when one region matches after forgiving trailing whitespace and another after forgiving indentation, naming both', () => {
      const oldStr = [block[0], `${block[1] as string}  `, ...block.slice(2)].join('\n');
      const reason = refused(file, oldStr, oldStr.replace('let sum = 0;  ', 'let sum = 1;'));
      assert.equal(
        reason,
        'old_str matches lines 1–5 of file.ts after ignoring trailing whitespace, and other text matches it too once whitespace and look-alikes are forgiven (lines 1–5, 8–12), so none was edited. Copy the text exactly and include more surrounding lines so that it matches one.',
      );
    });

    it('refuses when one region matches after forgiving look-alikes and another after forgiving indentation', () => {
      const quoted = lines('log("start");', 'run(job);', 'log("done");', '', '  log(“start”);', '  run(job);', '  log(“done”);');
      const reason = refused(quoted, '    log("start");\n    run(job);\n    log("done");', '    log("start");\n    run(job, 2);\n    log("done");');
      assert.match(reason, /^old_str matches lines 1–3 of file\.ts after ignoring indentation, and other text matches it too .* \(lines 1–3, 5–7\)/);
    });

    it('still applies when the other region differs in more than whitespace', () => {
      const other = lines(...block, '', ...block.map((line) => `    ${line.replace('price', 'cost')}`));
      const oldStr = [block[0], `${block[1] as string}  `, ...block.slice(2)].join('\n');
      const result = applied(other, oldStr, oldStr.replace('let sum = 0;  ', 'let sum = 1;'));
      assert.equal(result.text, other.replace('let sum = 0;', 'let sum = 1;'));
    });
  });

  describe('an edit whose result is already in the file is refused', () => {
    const done = lines('def load(path):', '    with open(path) as handle:', '        data = handle.read()', '    validate(data)', '    return data', '', 'print(load("x"))');
    // new_str is old_str plus the validate line; old_str is indented 2 spaces less, so it matches the block inside new_str.
    const oldStr = '  with open(path) as handle:\n      data = handle.read()\n  return data'.replace('\n  return data', '');
    const newStr = `${oldStr}\n  validate(data)`;

    it('when new_str overlaps the region found (old_str plus a line, whitespace off): the line is not added twice', () => {
      assert.equal(
        refused(done, oldStr, newStr),
        'old_str was not found in file.ts as it is, and new_str is already there at lines 2–4: the change looks already applied, so nothing was edited. Re-read the file with read_file before editing it again.',
      );
    });

    it('in a CRLF file and in a file with a byte order mark too', () => {
      assert.match(refused(done.replace(/\n/g, '\r\n'), oldStr, newStr), /new_str is already there at lines 2–4/);
      assert.match(refusedForBytes(withBom(done), oldStr, newStr), /new_str is already there at lines 2–4/);
    });

    it('when a line added before the block is already there', () => {
      const before = lines('items = []', '@logged', 'def add(item):', '    items.append(item)', '    return len(items)');
      const oldStr = 'def add(item):   \n    items.append(item)\n    return len(items)';
      assert.match(refused(before, oldStr, `@logged\n${oldStr}`), /new_str is already there at lines 2–5/);
    });

    it('but applies an edit that removes lines, whose new_str is a part of old_str', () => {
      const file = lines('a = 1', 'b = 2  ', 'c = 3', 'd = 4');
      const result = applied(file, 'a = 1\nb = 2\nc = 3', 'a = 1\nb = 2');
      assert.equal(result.text, lines('a = 1', 'b = 2  ', 'd = 4'));
    });

    it('but applies an edit whose new_str equals old_str once whitespace is forgiven (a re-indent)', () => {
      const file = lines('if ok:', '  go()  ', '  stop()', 'end()');
      const result = applied(file, 'if ok:\n  go()\n  stop()', 'if ok:\n    go()\n    stop()');
      assert.equal(result.text, lines('if ok:', '    go()  ', '    stop()', 'end()'));
    });

    it('applies the same edit on a CRLF file and a byte-order-marked one when the change is not there yet', () => {
      const fresh = done.replace('    validate(data)\n', '');
      const crlf = fresh.replace(/\n/g, '\r\n');
      assert.equal(applied(crlf, oldStr, newStr).text, done.replace(/\n/g, '\r\n'));
      assert.deepEqual(Buffer.from(appliedToBytes(withBom(fresh), oldStr, newStr)), Buffer.from(withBom(done)));
    });
  });
});
