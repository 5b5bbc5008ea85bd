import assert from 'node:assert/strict';
import { parseCliArguments, usage, UsageError } from '../../../src/cli/cliArguments';
import { resolveCliConfig } from '../../../src/cli/cliConfig';

const keys = { OPENAI_API_KEY: 'sk-test' };

describe('--edit-format and ELBOW_EDIT_FORMAT', () => {
  it('takes auto, edit_file and apply_patch, and refuses anything else naming them', () => {
    assert.equal(parseCliArguments(['--edit-format', 'apply_patch']).editFormat, 'apply_patch');
    assert.equal(parseCliArguments(['--edit-format', 'EDIT_FILE']).editFormat, 'edit_file');
    assert.throws(() => parseCliArguments(['--edit-format', 'diff']), (error: unknown) => error instanceof UsageError && /auto, edit_file, apply_patch/.test(error.message));
  });

  it('is documented in --help', () => {
    assert.match(usage, /--edit-format <f>/);
    assert.match(usage, /ELBOW_EDIT_FORMAT/);
  });

  it('reaches the configuration, the flag winning over the environment, auto when neither says', () => {
    assert.equal(resolveCliConfig(parseCliArguments([]), keys).settings.editFormat, 'auto');
    assert.equal(resolveCliConfig(parseCliArguments([]), { ...keys, ELBOW_EDIT_FORMAT: 'edit_file' }).settings.editFormat, 'edit_file');
    assert.equal(resolveCliConfig(parseCliArguments(['--edit-format', 'apply_patch']), { ...keys, ELBOW_EDIT_FORMAT: 'edit_file' }).settings.editFormat, 'apply_patch');
  });

  it('leaves out a bad ELBOW_EDIT_FORMAT with a warning', () => {
    const config = resolveCliConfig(parseCliArguments([]), { ...keys, ELBOW_EDIT_FORMAT: 'udiff' });
    assert.equal(config.settings.editFormat, 'auto');
    assert.ok(config.warnings.some((warning) => warning.startsWith('ELBOW_EDIT_FORMAT: "udiff"')), config.warnings.join('\n'));
  });
});
