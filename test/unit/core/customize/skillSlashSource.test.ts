import { strict as assert } from 'node:assert';
import type { Skill } from '../../../../src/core/customize/skill';
import { skillSlashSource } from '../../../../src/core/customize/skillSlashSource';
import type { SlashEntry } from '../../../../src/core/customize/slashSource';

function skill(name: string, trusted: boolean): Skill {
  return {
    name,
    description: `The ${name} skill.`,
    body: `Instructions of ${name}.`,
    folder: `/work/.agents/skills/${name}`,
    file: { path: `/work/.agents/skills/${name}/SKILL.md`, origin: trusted ? 'user' : 'workspace', text: '', sha256: '', trusted },
  };
}

const signal = new AbortController().signal;

describe('skillSlashSource', () => {
  it('lists the offered skills as entries of kind skill, named as the skill', () => {
    const source = skillSlashSource([skill('release-notes', true), skill('hostile', false)]);
    assert.deepEqual(source.entries(), [{
      name: 'release-notes', description: 'The release-notes skill.', kind: 'skill', argumentHint: '[what to do]', arguments: [], source: '/work/.agents/skills/release-notes/SKILL.md',
    }]);
  });

  it('expands to the skill\'s instructions, marked as the skill\'s, then the user\'s text', async () => {
    const source = skillSlashSource([skill('release-notes', true)]);
    const [entry] = source.entries();
    const message = await source.expand(entry as SlashEntry, { text: ' for v2.0 ', values: {} }, signal);
    assert.equal(typeof message, 'string');
    assert.match(message as string, /activated the skill "release-notes"/);
    assert.match(message as string, /<skill name="release-notes">\nInstructions of release-notes\.\n<\/skill>\n\nfor v2\.0$/);
  });

  it('expands without text to the instructions alone', async () => {
    const source = skillSlashSource([skill('release-notes', true)]);
    const message = await source.expand(source.entries()[0] as SlashEntry, { text: '', values: {} }, signal);
    assert.match(message as string, /<\/skill>$/);
  });

  it('refuses an untrusted workspace skill named anyway, saying how to trust it, without its body', async () => {
    const source = skillSlashSource([skill('hostile', false)]);
    const entry: SlashEntry = { name: 'hostile', description: '', kind: 'skill', arguments: [], source: '' };
    await assert.rejects(source.expand(entry, { text: 'go', values: {} }, signal), (error: Error) => /Trust This Workspace's Customizations/.test(error.message) && !error.message.includes('Instructions of'));
  });
});
