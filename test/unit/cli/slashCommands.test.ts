import assert from 'node:assert/strict';
import { parseSlashCommand, slashCommandHelp } from '../../../src/cli/slashCommands';

describe('chat slash commands', () => {
  it('recognises the commands and the focus of /compact', () => {
    assert.deepEqual(parseSlashCommand('/usage'), { name: 'usage' });
    assert.deepEqual(parseSlashCommand(' /compact '), { name: 'compact' });
    assert.deepEqual(parseSlashCommand('/compact keep the  API design'), { name: 'compact', focus: 'keep the  API design' });
    assert.deepEqual(parseSlashCommand('/retry'), { name: 'retry' });
    assert.deepEqual(parseSlashCommand('/help'), { name: 'help' });
    assert.deepEqual([parseSlashCommand('/exit'), parseSlashCommand('/quit')], [{ name: 'exit' }, { name: 'exit' }]);
  });

  it('leaves prompts that only look like commands to the model', () => {
    assert.equal(parseSlashCommand('what does /usage print?'), undefined);
    assert.equal(parseSlashCommand('/usr/bin is missing'), undefined);
    assert.equal(parseSlashCommand('/compacting'), undefined);
    assert.equal(parseSlashCommand('/compact/now'), undefined);
  });

  it('lists every command in /help', () => {
    for (const command of ['/usage', '/compact [focus]', '/retry', '/help', '/exit']) assert.ok(slashCommandHelp.includes(command), command);
  });

  it('reads /plan, /plan on, /plan off and /act', () => {
    assert.deepEqual(['/plan', '/plan on', '/plan off', '/act'].map(parseSlashCommand), [
      { name: 'mode', mode: 'toggle' },
      { name: 'mode', mode: 'plan' },
      { name: 'mode', mode: 'act' },
      { name: 'mode', mode: 'act' },
    ]);
  });
});
