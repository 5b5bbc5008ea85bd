import assert from 'node:assert/strict';
import { parseSlashCommand, slashCommandHelp, type SlashCommand } from '../../../src/cli/slashCommands';

/** Every command the chat handles, by name, with the words that call it (the first is the one /help lists). */
const spellings: Record<SlashCommand['name'], readonly string[]> = {
  usage: ['/usage'],
  compact: ['/compact'],
  retry: ['/retry'],
  help: ['/help'],
  mode: ['/plan', '/act'],
  agent: ['/agent'],
  steer: ['/steer'],
  customize: ['/customize'],
  exit: ['/exit', '/quit'],
};
/** Other spellings of a listed command, which /help leaves out. */
const aliases = ['/quit'];

/** The command words /help lists, in its order. */
const listed = [...slashCommandHelp.matchAll(/^ {2}(\/[a-z]+)/gm)].map((match) => match[1] as string);

describe('chat slash commands', () => {
  it('recognises the commands and the focus of /compact', () => {
    assert.deepEqual(parseSlashCommand('/usage'), { name: 'usage' });
    assert.deepEqual(parseSlashCommand(' /compact '), { name: 'compact' });
    assert.deepEqual(parseSlashCommand('/compact keep the  API design'), { name: 'compact', focus: 'keep the  API design' });
    assert.deepEqual(parseSlashCommand('/retry'), { name: 'retry' });
    assert.deepEqual(parseSlashCommand('/help'), { name: 'help' });
    assert.deepEqual([parseSlashCommand('/exit'), parseSlashCommand('/quit')], [{ name: 'exit' }, { name: 'exit' }]);
  });

  it('/customize lists, /customize trust asks to trust; anything else after it only lists', () => {
    assert.deepEqual(parseSlashCommand('/customize'), { name: 'customize', trust: false });
    assert.deepEqual(parseSlashCommand('/customize trust'), { name: 'customize', trust: true });
    assert.deepEqual(parseSlashCommand('/customize trusted'), { name: 'customize', trust: false });
  });

  it('leaves prompts that only look like commands to the model', () => {
    assert.equal(parseSlashCommand('what does /usage print?'), undefined);
    assert.equal(parseSlashCommand('/usr/bin is missing'), undefined);
    assert.equal(parseSlashCommand('/compacting'), undefined);
    assert.equal(parseSlashCommand('/compact/now'), undefined);
  });

  it('handles every command /help lists, and /help lists every command it handles', () => {
    assert.ok(listed.length >= Object.keys(spellings).length, `/help lists ${listed.join(' ')}`);
    for (const word of listed) assert.notEqual(parseSlashCommand(word), undefined, `${word} is listed but not handled`);
    for (const [name, words] of Object.entries(spellings)) {
      for (const word of words) assert.equal(parseSlashCommand(word)?.name, name, word);
      for (const word of words.filter((candidate) => !aliases.includes(candidate))) assert.ok(listed.includes(word), `${word} is handled but /help does not list it`);
    }
    assert.deepEqual([...listed].sort(), Object.values(spellings).flat().filter((word) => !aliases.includes(word)).sort(), 'each listed word calls a command the chat knows by name');
  });

  it('reads /plan, /plan on, /plan off and /act', () => {
    assert.deepEqual(['/plan', '/plan on', '/plan off', '/act'].map(parseSlashCommand), [
      { name: 'mode', mode: 'toggle' },
      { name: 'mode', mode: 'plan' },
      { name: 'mode', mode: 'act' },
      { name: 'mode', mode: 'act' },
    ]);
  });

  it('reads /steer with and without a message', () => {
    assert.deepEqual(['/steer', '/steer  use the other file '].map(parseSlashCommand), [{ name: 'steer' }, { name: 'steer', text: 'use the other file' }]);
  });
});
