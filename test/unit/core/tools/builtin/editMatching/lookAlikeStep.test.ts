import assert from 'node:assert/strict';
import { applied, lines, refused } from './editOutcome';

describe('matching ladder: typographic look-alikes', () => {
  it('reads curly quotes as straight ones, and leaves the copied line curly', () => {
    const file = lines('# Notes', 'He said “hello” to the team.', 'Then he left.');
    const result = applied(file, 'He said "hello" to the team.\nThen he left.', 'He said "hello" to the team.\nThen he stayed.');
    assert.equal(result.text, lines('# Notes', 'He said “hello” to the team.', 'Then he stayed.'));
    assert.equal(result.tolerance, 'matched after treating curly quotes as straight ones at lines 2–3');
  });

  it('keeps the file\'s curly quotes on a changed line, around the part the model changed', () => {
    const file = lines('# Notes', 'He said “hello” to the team.', 'Then he left.');
    const result = applied(file, 'He said "hello" to the team.', 'He said "hello there" to everyone.');
    assert.equal(result.text, lines('# Notes', 'He said “hello there” to everyone.', 'Then he left.'));
  });

  it('keeps the file\'s curly quotes on a line edited while others are added around it', () => {
    const file = lines('<head>', '<meta charset=“UTF-8”>', '</head>');
    const result = applied(file, '<head>\n<meta charset="UTF-8">\n</head>', '<head>\n<meta charset="UTF-8" lang="en">\n<title>Home</title>\n</head>');
    assert.equal(result.text, lines('<head>', '<meta charset=“UTF-8” lang="en">', '<title>Home</title>', '</head>'));
  });

  it('reads straight quotes the model wrote as curly ones in the file', () => {
    const file = lines("const greeting = 'hi';", 'export default greeting;');
    const result = applied(file, 'const greeting = ‘hi’;', "const greeting = 'hello';");
    assert.equal(result.text, lines("const greeting = 'hello';", 'export default greeting;'));
    assert.equal(result.tolerance, 'matched after treating curly quotes as straight ones at line 1');
  });

  it('reads non-breaking spaces, zero-width spaces and dashes as the plain characters', () => {
    const file = lines('price:\u00A0100 – 200', 'lab\u200Bel = 1');
    const result = applied(file, 'price: 100 - 200\nlabel = 1', 'price: 100 - 200\nlabel = 2');
    assert.equal(result.text, lines('price:\u00A0100 – 200', 'lab\u200Bel = 2'));
    assert.equal(result.tolerance, 'matched after treating non-breaking and other Unicode spaces as plain spaces, zero-width spaces as nothing, dashes as hyphens at lines 1–2');
  });

  it('refuses, naming every region, when look-alikes aside old_str is in two places', () => {
    const twice = lines('say(“a”);', 'end();', 'say(„a“);', 'end();');
    assert.match(refused(twice, 'say("a");\nend();', 'x'), /matches 2 places in file\.ts after treating curly quotes as straight ones \(lines 1–2, 3–4\)/);
  });

  it('keeps CRLF', () => {
    const file = 'a = “x”\r\nb = 1\r\n';
    assert.equal(applied(file, 'a = "x"\nb = 1', 'a = "x"\nb = 2').text, 'a = “x”\r\nb = 2\r\n');
  });
});
