import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseReasoningEffort, reasoningEffortSettings } from '../../../src/core/llm/reasoningEffort';

interface SettingSchema {
  type?: string;
  enum?: unknown[];
  enumDescriptions?: unknown[];
  default?: unknown;
  markdownDescription?: string;
}

describe('elbow.reasoningEffort in package.json', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, SettingSchema> } };
  };
  const setting = manifest.contributes.configuration.properties['elbow.reasoningEffort'];

  it('offers exactly the levels Elbow reads, each with a description, in the settings UI', () => {
    assert.ok(setting, 'elbow.reasoningEffort is not contributed');
    assert.equal(setting.type, 'string');
    assert.deepEqual(setting.enum, [...reasoningEffortSettings]);
    assert.equal(setting.enumDescriptions?.length, reasoningEffortSettings.length);
    for (const value of setting.enum ?? []) assert.equal(parseReasoningEffort(value), value);
    assert.ok((setting.markdownDescription ?? '').length > 40);
  });

  it('leaves each model its own default unless the user chooses', () => {
    assert.equal(setting?.default, 'default');
  });
});
