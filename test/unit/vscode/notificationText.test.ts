import assert from 'node:assert/strict';
import { inertInNotification } from '../../../src/vscode/notificationText';

describe('text in a notification', () => {
  it('never forms a [text](target) link, command links included, and reads the same', () => {
    const quoted = 'The MCP server "[Reinstall](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22x%22%7D)" failed: see [docs](https://example.com)';
    const inert = inertInNotification(quoted);
    assert.doesNotMatch(inert, /\]\(/);
    assert.equal(inert.replaceAll('] (', ']('), quoted);
    assert.equal(inertInNotification(inert), inert);
  });
});
