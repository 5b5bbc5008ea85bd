import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkoutRoot } from './checkoutCopy.js';

function merge(initial: string | undefined): { text: string; errors: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-settings-'));
  const file = path.join(folder, 'settings.json');
  if (initial !== undefined) fs.writeFileSync(file, initial);
  try {
    const result = spawnSync(process.execPath, [path.join(checkoutRoot, 'scripts/mergeUserSettings.mjs'), file], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    return { text: fs.readFileSync(file, 'utf8'), errors: result.stderr };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('scripts/mergeUserSettings.mjs', () => {
  it('writes the start settings into a new profile', () => {
    assert.deepEqual(JSON.parse(merge(undefined).text), {
      'workbench.startupEditor': 'none',
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
    });
  });

  it('adds the missing ones to an existing file, keeping its comments and the user\'s values', () => {
    const { text } = merge('{\n  // my font\n  "editor.fontSize": 17,\n  "workbench.startupEditor": "welcomePage",\n}\n');
    assert.match(text, /\/\/ my font\n {2}"editor.fontSize": 17/);
    assert.match(text, /"workbench.startupEditor": "welcomePage"/);
    assert.match(text, /"workbench.secondarySideBar.defaultVisibility": "hidden"/);
    assert.match(text, /"chat.disableAIFeatures": true/);
  });

  it('keeps a side bar the user chose to show', () => {
    assert.match(merge('{ "workbench.secondarySideBar.defaultVisibility": "visible" }').text, /"visible"/);
  });

  it('leaves a file that is not valid settings untouched and says so', () => {
    const broken = '{ "editor.fontSize": 17,, }';
    const { text, errors } = merge(broken);
    assert.equal(text, broken);
    assert.match(errors, /Left .*settings\.json as it is: it is not a JSON object\. Fix it to get Elbow's defaults/);
  });
});
