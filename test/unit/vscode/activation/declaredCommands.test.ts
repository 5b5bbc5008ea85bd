import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { declaredCommands } from '../../../../src/vscode/activation/declaredCommands';

describe('declaredCommands', () => {
  it('lists the command ids of the manifest, in order', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { commands: Array<{ command: string }> } };
    const ids = declaredCommands(manifest);
    assert.deepEqual(ids, manifest.contributes.commands.map((entry) => entry.command));
    assert.ok(ids.includes('elbow.focusChat') && ids.includes('elbow.acceptHunk') && ids.includes('elbow.mcp.addServer'));
  });

  it('skips entries without a command id and answers [] for a manifest without commands', () => {
    assert.deepEqual(declaredCommands({ contributes: { commands: [{ command: 'elbow.a' }, null, { title: 'no id' }, { command: 7 }] } }), ['elbow.a']);
    assert.deepEqual(declaredCommands({}), []);
    assert.deepEqual(declaredCommands(undefined), []);
  });
});
