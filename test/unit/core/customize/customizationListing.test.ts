import { strict as assert } from 'node:assert';
import { textTokens } from '../../../../src/core/context/tokenEstimate';
import { customizationListing } from '../../../../src/core/customize/customizationListing';
import { skillListingLine } from '../../../../src/core/customize/skillListing';
import { DisabledCustomizations, enabledCustomizations } from '../../../../src/core/customize/disabledCustomizations';
import { oneOfEach, readFile } from './customizationsFixture';

const root = '/work/project';

describe('customizationListing', () => {
  it('groups skills, commands, agents and hooks in that order, each row with its origin, trust and file', () => {
    const listing = customizationListing(oneOfEach(root), new DisabledCustomizations([]));
    assert.deepEqual(listing.groups.map((group) => [group.title, group.rows.map((row) => row.name)]), [
      ['Skills', ['review']],
      ['Commands', ['explain']],
      ['Agents', ['planner']],
      ['Hooks', ['PreToolUse Bash: ./check.sh']],
    ]);
    const rows = listing.groups.flatMap((group) => group.rows);
    assert.ok(rows.every((row) => row.origin === 'workspace' && !row.trusted && row.enabled));
    assert.equal(rows[0]?.file, `${root}/.claude/skills/review/SKILL.md`);
    assert.deepEqual(listing.problems, oneOfEach(root).problems);
  });

  it('costs a skill its listing line, a command its body, an agent its prompt and a hook nothing', () => {
    const customizations = oneOfEach(root);
    const [skills, commands, agents, hooks] = customizationListing(customizations, new DisabledCustomizations([])).groups;
    assert.equal(skills?.rows[0]?.tokens, textTokens(skillListingLine({ name: 'review', description: 'Reviews a change for bugs' })));
    assert.equal(commands?.rows[0]?.tokens, textTokens('Explain ${input:topic} in two paragraphs.'));
    assert.equal(agents?.rows[0]?.tokens, textTokens('You plan; you never edit files.'));
    assert.equal(hooks?.rows[0]?.tokens, 0);
    assert.ok((agents?.rows[0]?.tokens ?? 0) > 0);
  });

  it('sorts the rows of a group by name and counts a user file as trusted', () => {
    const customizations = oneOfEach(root);
    const userSkill = { name: 'alpha', description: 'First', file: readFile('/home/me/.agents/skills/alpha/SKILL.md', 'x', 'user'), folder: '/home/me/.agents/skills/alpha', body: 'x' };
    const listing = customizationListing({ ...customizations, skills: [...customizations.skills, userSkill] }, new DisabledCustomizations([]));
    assert.deepEqual(listing.groups[0]?.rows.map((row) => [row.name, row.origin, row.trusted]), [['alpha', 'user', true], ['review', 'workspace', false]]);
  });
});

describe('DisabledCustomizations: elbow.customize.disabled', () => {
  it('turns off by name, by kind and name, and by file path (absolute or relative to a workspace folder)', () => {
    const customizations = oneOfEach(root);
    const disabled = new DisabledCustomizations(['review', 'agent:planner', '.github/prompts/explain.prompt.md', 'hook:PreToolUse Bash: ./check.sh'], [root]);
    const enabled = enabledCustomizations(customizations, disabled);
    assert.deepEqual([enabled.skills.length, enabled.commands.length, enabled.agents.length, enabled.hooks.length], [0, 0, 0, 0]);
    assert.equal(enabled.problems.length, 1, 'problems stay');
    const listing = customizationListing(customizations, disabled);
    assert.ok(listing.groups.every((group) => group.rows.every((row) => !row.enabled)), 'the listing still shows them, as off');
  });

  it('a kind-qualified entry turns off only that kind, and an unknown entry nothing', () => {
    const customizations = oneOfEach(root);
    const enabled = enabledCustomizations(customizations, new DisabledCustomizations(['command:review', 'nothing-by-this-name', ' ']));
    assert.equal(enabled.skills.length, 1);
    assert.equal(enabled.commands.length, 1);
    assert.equal(new DisabledCustomizations([`${root}/.claude/agents/planner.md`]).isOff('agent', 'planner', `${root}/.claude/agents/planner.md`), true);
  });

  it('a workspace\'s entries turn off only what came with the workspace, never the user\'s own hooks', () => {
    const userHooks = readFile('/home/me/.claude/settings.json', '{"hooks":{}}', 'user');
    const customizations = { ...oneOfEach(root), hooks: [{ event: 'PreToolUse' as const, matcher: 'Bash', command: 'deny-rm', file: userHooks }, ...oneOfEach(root).hooks] };
    const fromRepository = ['../../../../home/me/.claude/settings.json', '/home/me/.claude/settings.json', 'hook:PreToolUse Bash: deny-rm', 'PreToolUse Bash: ./check.sh'];
    const enabled = enabledCustomizations(customizations, new DisabledCustomizations([], [root], fromRepository));
    assert.deepEqual(enabled.hooks.map((hook) => hook.command), ['deny-rm'], 'the user\'s hook stays on; the workspace\'s own is off');
    assert.equal(enabledCustomizations(customizations, new DisabledCustomizations(['hook:PreToolUse Bash: deny-rm'], [root])).hooks.length, 1, 'the user may turn off their own');
  });
});
