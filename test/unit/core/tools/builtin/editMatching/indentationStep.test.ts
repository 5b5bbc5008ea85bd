import assert from 'node:assert/strict';
import { applied, lines, refused } from './editOutcome';

describe('matching ladder: indentation', () => {
  const file = lines('class Cart {', '  total() {', '    let sum = 0;', '    return sum;', '  }', '}');

  it('matches a block shifted by a constant amount and shifts new_str the same way', () => {
    const result = applied(file, 'total() {\n  let sum = 0;\n  return sum;', 'total() {\n  let sum = 0;\n  sum += 1;\n  return sum;');
    assert.equal(result.text, lines('class Cart {', '  total() {', '    let sum = 0;', '    sum += 1;', '    return sum;', '  }', '}'));
    assert.equal(result.tolerance, 'matched after ignoring indentation at lines 2–4 (the file is indented 2 spaces deeper; new_str was re-indented to match)');
  });

  it('matches spaces where the file has tabs, detecting the width, and writes tabs', () => {
    const tabbed = lines('func main() {', '\tif ok {', '\t\trun()', '\t}', '}');
    const result = applied(tabbed, '    if ok {\n        run()\n    }', '    if ok {\n        run()\n        stop()\n    }');
    assert.equal(result.text, lines('func main() {', '\tif ok {', '\t\trun()', '\t\tstop()', '\t}', '}'));
    assert.match(result.tolerance ?? '', /tabs where old_str had 4 spaces/);
  });

  it('converts tabs to spaces with comment lines that add a space after the tabs', () => {
    const tabbed = lines('func main() {', '\t/*', '\t * Runs.', '\t */', '\trun()', '}');
    const result = applied(tabbed, '    /*\n     * Runs.\n     */\n    run()', '    /*\n     * Runs twice.\n     */\n    run()\n    run()');
    assert.equal(result.text, lines('func main() {', '\t/*', '\t * Runs twice.', '\t */', '\trun()', '\trun()', '}'));
  });

  it('matches tabs where the file has spaces and writes spaces', () => {
    const spaced = lines('def f():', '    if x:', '        y()');
    const result = applied(spaced, 'def f():\n\tif x:\n\t\ty()', 'def f():\n\tif x:\n\t\tz()');
    assert.equal(result.text, lines('def f():', '    if x:', '        z()'));
  });

  it('refuses, naming every region, when indentation aside old_str is in two places', () => {
    const twice = lines('if (a) {', '  go();', '}', 'while (b) {', '    go();', '}');
    assert.match(refused(twice, '\tgo();\n}', '\tstop();\n}'), /matches 2 places in file\.ts after ignoring indentation \(lines 2–3, 5–6\)/);
  });

  it('refuses to guess new_str\'s indentation when old_str\'s differs unevenly, and shows the file', () => {
    const reason = refused(file, 'total() {\nlet sum = 0;\nreturn sum;', 'total() {\nlet sum = 1;\nreturn sum;');
    assert.match(reason, /matches lines 2–4 of file\.ts only after ignoring indentation, and its indentation differs from the file's unevenly/);
    assert.ok(reason.includes('3\t    let sum = 0;'), reason);
  });

  it('still removes lines when old_str\'s indentation is flattened, as nothing needs indenting', () => {
    const result = applied(file, 'total() {\nlet sum = 0;\nreturn sum;', 'total() {\nreturn sum;');
    assert.equal(result.text, lines('class Cart {', '  total() {', '    return sum;', '  }', '}'));
  });

  it('keeps CRLF', () => {
    const crlf = 'class A {\r\n  run() {\r\n    go();\r\n  }\r\n}\r\n';
    const result = applied(crlf, 'run() {\n  go();\n}', 'run() {\n  go();\n  stop();\n}');
    assert.equal(result.text, 'class A {\r\n  run() {\r\n    go();\r\n    stop();\r\n  }\r\n}\r\n');
  });
});
