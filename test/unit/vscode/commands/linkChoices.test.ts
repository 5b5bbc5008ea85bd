import assert from 'node:assert/strict';
import { linkChoices } from '../../../../src/vscode/commands/linkChoices';

describe('linkChoices', () => {
  const href = 'https://evil.example/pixel.png?secret=1';

  it('puts the harmless choice first, where Enter lands, so opening needs a choice of its own', () => {
    const choices = linkChoices(href);
    assert.equal(choices[0]?.action, 'copy');
    assert.deepEqual(choices.map((choice) => choice.action), ['copy', 'open']);
  });

  it('shows the whole address on the row that opens it', () => {
    assert.equal(linkChoices(href).find((choice) => choice.action === 'open')?.detail, href);
  });
});
