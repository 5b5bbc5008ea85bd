import assert from 'node:assert/strict';
import { terminalText } from '../../../../../../src/core/tools/builtin/commands/terminalText';
import { truncateMiddle } from '../../../../../../src/core/tools/builtin/commands/truncateMiddle';

describe('terminalText', () => {
  it('strips colours, shell-integration marks and bells, and makes line endings \\n', () => {
    const raw = '\u001b]633;C\u0007\u001b[32mok\u001b[0m\r\n\u0007done\r\n';
    assert.equal(terminalText(raw), 'ok\ndone\n');
  });

  it('keeps only the last drawing of a line redrawn with \\r', () => {
    assert.equal(terminalText('progress 10%\rprogress 50%\rprogress 100%\nnext\n'), 'progress 100%\nnext\n');
    assert.equal(terminalText('a\tb\r'), 'a\tb');
  });
});

describe('truncateMiddle', () => {
  const lines = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`).join('\n');

  it('leaves short text alone', () => {
    assert.deepEqual(truncateMiddle('short', 100, () => 'X'), { text: 'short' });
  });

  it('keeps whole lines at both ends and says what it left out and from where', () => {
    const { text, omission } = truncateMiddle(lines, 1000, (left) => `[${left.characters} chars, ${left.lines} lines from ${left.firstLine}]`);
    assert.ok(omission);
    assert.ok(text.startsWith('line 1\n'));
    assert.ok(text.endsWith('line 1000'));
    const kept = text.split('\n');
    const marker = kept.findIndex((line) => line.startsWith('['));
    assert.equal(kept[marker - 1], `line ${omission.firstLine - 1}`, 'the head ends right before the omitted line');
    assert.equal(kept[marker + 1], `line ${omission.firstLine + omission.lines}`, 'the tail starts right after the omitted lines');
    assert.equal(text.length - (kept[marker]?.length ?? 0) - 1 + omission.characters, lines.length);
  });
});
