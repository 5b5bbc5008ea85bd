import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultAllowList } from '../../../../src/core/permissions/commandPolicy/defaultAllowList';

interface SettingSchema {
  default?: unknown;
}

describe('permission settings in package.json', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, SettingSchema> } };
  };
  const settings = manifest.contributes.configuration.properties;

  it('offers the built-in allow list as the default of elbow.commands.allow, so the user sees and can clear it', () => {
    assert.deepEqual(settings['elbow.commands.allow']?.default, [...defaultAllowList]);
  });

  it('denies nothing and never writes outside the workspace by default', () => {
    assert.deepEqual(settings['elbow.commands.deny']?.default, []);
    assert.equal(settings['elbow.files.allowWritesOutsideWorkspace']?.default, false);
  });
});
