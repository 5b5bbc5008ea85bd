import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { textTokens } from '../../../../src/core/context/tokenEstimate';
import type { CustomizationReader } from '../../../../src/core/customize/customizationFile';
import { loadSkills, type Skill } from '../../../../src/core/customize/skill';
import { offeredSkills, skillListing, skillListingBudgetTokens } from '../../../../src/core/customize/skillListing';
import { activateSkillTool } from '../../../../src/core/customize/activateSkillTool';
import { ToolRegistry } from '../../../../src/core/tools/registry';
import { NodeFileSystem } from '../../../../src/node/nodeFileSystem';

const fixtures = path.resolve(__dirname, '../../../fixtures/customize');

function skill(name: string, description: string, trusted = true): Skill {
  return { name, description, body: `Body of ${name}.`, folder: `/skills/${name}`, file: { path: `/skills/${name}/SKILL.md`, origin: trusted ? 'user' : 'workspace', text: '', sha256: '', trusted } };
}

/** The three fixture projects as workspace folders a user trusted. */
async function fixtureSkills(): Promise<Skill[]> {
  const reader: CustomizationReader = {
    files: new NodeFileSystem(),
    workspaceRoots: ['claude-project', 'copilot-project', 'agents-project'].map((project) => path.join(fixtures, project)),
    workspaceAllowed: () => true,
    trust: { trusts: () => Promise.resolve(true) },
  };
  const { skills, problems } = await loadSkills(reader);
  assert.deepEqual(problems, []);
  return skills;
}

describe('skillListing', () => {
  it('lists twenty realistic skills, as Claude Code, Copilot and .agents users have them, whole within the budget', async () => {
    const skills = await fixtureSkills();
    assert.equal(skills.length, 20);
    const listing = skillListing(skills) ?? '';
    for (const each of skills) assert.ok(listing.includes(`- ${each.name}: ${each.description}`), each.name);
    const tool = activateSkillTool(skills);
    const tokens = textTokens(listing) + textTokens(JSON.stringify(new ToolRegistry().register(tool).specs()));
    console.log(`      ${skills.length} skills before any is used: ${tokens} tokens, listing and ${tool.name} together (listing ${textTokens(listing)}; budget ${skillListingBudgetTokens})`);
    assert.ok(tokens <= skillListingBudgetTokens, `${tokens} tokens`);
  });

  it('holds names and descriptions only, never a body', () => {
    const listing = skillListing([skill('alpha', 'Does alpha things.')]) ?? '';
    assert.match(listing, /- alpha: Does alpha things\./);
    assert.match(listing, /activate_skill/);
    assert.doesNotMatch(listing, /Body of alpha/);
  });

  it('is nothing without skills', () => {
    assert.equal(skillListing([]), undefined);
  });

  it('offers the user\'s skills and trusted workspace skills, not untrusted ones', () => {
    const skills = [skill('mine', 'M.'), skill('theirs', 'T.', false), { ...skill('trusted', 'X.'), file: { ...skill('trusted', 'X.').file, origin: 'workspace' as const } }];
    assert.deepEqual(offeredSkills(skills).map((each) => each.name), ['mine', 'trusted']);
  });

  it('shortens long descriptions to keep within the budget before leaving any skill out', () => {
    const skills = Array.from({ length: 20 }, (_, index) => skill(`skill-${index}`, `${'A long description that says a great deal. '.repeat(20)}`));
    const listing = skillListing(skills) ?? '';
    assert.ok(textTokens(listing) <= skillListingBudgetTokens);
    for (const each of skills) assert.ok(listing.includes(`- ${each.name}: `), each.name);
    assert.match(listing, /…/);
    assert.doesNotMatch(listing, /not listed/);
  });

  it('leaves out skills with a count when even short descriptions do not fit', () => {
    const skills = Array.from({ length: 200 }, (_, index) => skill(`skill-number-${index}`, 'Something to do with this project that needs a sentence.'));
    const listing = skillListing(skills) ?? '';
    assert.ok(textTokens(listing) <= skillListingBudgetTokens);
    const shown = (listing.match(/^- skill-number-/gm) ?? []).length;
    assert.ok(shown > 0 && shown < 200);
    assert.match(listing, new RegExp(`\\(${200 - shown} more skills are installed but not listed`));
  });

  it('is the same text for the same skills, so the system prompt stays a cacheable prefix', () => {
    const skills = [skill('a', 'A.'), skill('b', 'B.')];
    assert.equal(skillListing(skills), skillListing([...skills]));
  });
});
