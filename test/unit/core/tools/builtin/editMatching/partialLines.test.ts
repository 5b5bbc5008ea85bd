import assert from 'node:assert/strict';
import { applied, appliedToBytes, lines, refused, withBom } from './editOutcome';

describe('matching ladder: old_str that starts or ends mid-line', () => {
  const file = lines('import { loadConfig } from "./config";', '', 'const config = loadConfig({', '  retries: 3,', '  timeout: 30,', '});', 'console.log("saved", config);');

  it('lands a part of one line written with look-alikes, keeping the rest of the line and the file\'s quotes', () => {
    const result = applied(file, 'log(“saved”, config)', 'log(“saved to”, config)');
    assert.equal(result.text, file.replace('log("saved", config)', 'log("saved to", config)'));
    assert.match(result.tolerance ?? '', /^matched after treating curly quotes as straight ones at line 7$/);
  });

  it('lands a block whose first line starts mid-line, its other lines indented differently', () => {
    const result = applied(file, 'loadConfig({\n      retries: 3,\n      timeout: 30,', 'loadConfig({\n      retries: 5,\n      timeout: 30,');
    assert.equal(result.text, file.replace('retries: 3', 'retries: 5'));
  });

  it('lands a block whose last line ends mid-line, with trailing whitespace off', () => {
    const result = applied(file, '  retries: 3,  \n  timeout:', '  retries: 5,\n  timeout:');
    assert.equal(result.text, file.replace('retries: 3', 'retries: 5'));
  });

  it('keeps CRLF and a byte order mark', () => {
    const crlf = file.replace(/\n/g, '\r\n');
    assert.equal(applied(crlf, 'log(“saved”, config)', 'log(“saved to”, config)').text, crlf.replace('"saved"', '"saved to"'));
    const bytes = appliedToBytes(withBom(file), 'loadConfig({\n      retries: 3,', 'loadConfig({\n      retries: 5,');
    assert.deepEqual(Buffer.from(bytes), Buffer.from(withBom(file.replace('retries: 3', 'retries: 5'))));
  });

  it('refuses a part of a line that is in the file twice once look-alikes are forgiven, naming both', () => {
    const twice = lines('notify("saved", user);', 'if (admin) notify("saved", user);');
    assert.match(refused(twice, 'notify(“saved”, user)', 'notify(“stored”, user)'), /^old_str matches 2 places in file\.ts once whitespace and look-alikes are forgiven \(it may start or end mid-line\) \(lines 1, 2\)/);
  });

  it('refuses a whole-line match when the same text is also in the middle of another line', () => {
    const both = lines('run(job);', 'if (ready) run(job);');
    const reason = refused(both, 'run(job);  ', 'run(job, 2);');
    assert.match(reason, /^old_str matches line 1 of file\.ts after ignoring trailing whitespace, and other text matches it too .*\(lines 1, 2\)/);
  });

  it('refuses as already applied when new_str, old_str plus a line, is there around a block that starts mid-line', () => {
    const done = lines('result = compute(', '    first,', '    second,', ')');
    const reason = refused(done, 'compute(\n  first,', 'compute(\n  first,\n  second,');
    assert.match(reason, /new_str is already there at lines 1–3: the change looks already applied/);
  });
});
