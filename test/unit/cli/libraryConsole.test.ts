import assert from 'node:assert/strict';
import { libraryMessage, longestLibraryMessage, routeLibraryConsole } from '../../../src/cli/libraryConsole';

describe('libraryConsole', () => {
  it('shows a library message with its escapes visible', () => {
    assert.equal(libraryMessage(['Could not parse message into JSON:', '\x1b]0;title\x07 x']), 'Could not parse message into JSON: \\x1b]0;title\\x07 x');
  });

  it('cuts a long message with the count of what is left out', () => {
    const message = libraryMessage(['data:', 'A'.repeat(50_000)]);
    assert.ok(message.length < longestLibraryMessage + 60, `${message.length} characters`);
    assert.match(message, /… \([\d,]+ more characters not shown\)$/);
  });

  it('sends every console method to the error output, none to stdout', () => {
    const written: string[] = [];
    const target = { log: console.log, info: console.info, debug: console.debug, warn: console.warn, error: console.error, trace: console.trace };
    routeLibraryConsole(target, (text) => written.push(text));
    target.log('a\x1b[2J');
    target.error('b');
    target.trace('c');
    assert.deepEqual(written, ['a\\x1b[2J\n', 'b\n', 'c\n']);
  });
});
