import assert from 'node:assert/strict';
import { numberLines } from '../../../../../../src/core/tools/builtin/numberedLines';
import { applied, lines, refused } from './editOutcome';

describe('matching ladder: read_file line-number prefixes', () => {
  const source = ['import os', '', 'def main():', '    print(os.getcwd())', '    return 0'];
  const file = lines(...source);

  it('removes the prefixes from old_str and new_str, lines added without one included', () => {
    const oldStr = numberLines(source.slice(2, 4), 3);
    const newStr = `${numberLines(source.slice(2, 3), 3)}\n    os.chdir("/")\n${numberLines(source.slice(3, 4), 4)}`;
    const result = applied(file, oldStr, newStr);
    assert.equal(result.text, lines('import os', '', 'def main():', '    os.chdir("/")', '    print(os.getcwd())', '    return 0'));
    assert.equal(result.tolerance, "matched after removing read_file's line-number prefixes at lines 3–4");
  });

  it('refuses when the file already holds new_str around the numbered block: the line would be added twice', () => {
    const done = lines('import os', '', 'def main():', '    print(os.getcwd())', '    return 0', '    # done');
    const oldStr = numberLines(source.slice(3, 5), 4);
    const reason = refused(done, oldStr, `${oldStr}\n    # done`);
    assert.match(reason, /^old_str was not found in file\.ts as it is, and new_str is already there at lines 4–6: the change looks already applied/);
  });

  it('reads an empty line shown as a bare number, and goes on up the ladder', () => {
    const oldStr = ' 1\timport os  \n 2\n 3\tdef main():';
    const result = applied(file, oldStr, oldStr.replace('main', 'run'));
    assert.equal(result.text, file.replace('main', 'run'));
    assert.equal(result.tolerance, "matched after ignoring trailing whitespace at lines 1–3, after removing read_file's line-number prefixes");
  });

  it('leaves numbers that do not count up one by one alone', () => {
    const numbers = lines('1\tone ', '7\tseven');
    const result = applied(numbers, '1\tone\n7\tseven', '1\tuno\n7\tseven');
    assert.equal(result.text, lines('1\tuno', '7\tseven'));
    assert.equal(result.tolerance, 'matched after ignoring trailing whitespace at lines 1–2');
  });

  it('refuses with the reason found without them, and says to leave them out', () => {
    const reason = refused(lines('a', 'b', 'a', 'b'), '1\ta\n2\tb', '1\ta\n2\tc');
    assert.match(reason, /^old_str matches 2 places in file\.ts \(lines 1, 3\)/);
    assert.match(reason, /leave them out of old_str and new_str/);
  });
});
