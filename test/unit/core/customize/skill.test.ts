import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { trustsNothing, type CustomizationReader, type CustomizationTrust } from '../../../../src/core/customize/customizationFile';
import type { CustomizationProblem } from '../../../../src/core/customize/customizationProblem';
import { loadSkills, maxSkills } from '../../../../src/core/customize/skill';
import { Workspace } from '../../../../src/core/workspace/workspace';
import { createTempWorkspace, type FileSpec, type TempWorkspace } from '../../../support/tempWorkspace';

const trustsAll: CustomizationTrust = { trusts: () => Promise.resolve(true) };

async function readerOf(workspace: TempWorkspace, options: { home?: string; trust?: CustomizationTrust } = {}): Promise<CustomizationReader> {
  const { host } = workspace;
  return {
    files: host.files,
    workspaceRoots: host.workspaceRoots,
    homeDirectory: options.home,
    workspaceAllowed: await new Workspace(host).containmentCheck(),
    trust: options.trust ?? trustsNothing,
  };
}

function skillFile(fields: string, body = 'Do the thing.'): string {
  return `---\n${fields}\n---\n${body}\n`;
}

async function loadFrom(files: Record<string, FileSpec>, options: { home?: string; trust?: CustomizationTrust } = {}) {
  const workspace = await createTempWorkspace(files);
  return { workspace, ...(await loadSkills(await readerOf(workspace, options))) };
}

/** The one problem of a skill that breaks one rule, with the file and line it is on. */
async function onlyProblem(fields: string): Promise<CustomizationProblem> {
  const { skills, problems, workspace } = await loadFrom({ '.agents/skills/my-skill/SKILL.md': skillFile(fields) });
  assert.equal(problems.length, 1, JSON.stringify(problems));
  const problem = problems[0] as CustomizationProblem;
  assert.equal(problem.file, workspace.path('.agents/skills/my-skill/SKILL.md'));
  return Object.assign(problem, { skillsLoaded: skills.length });
}

describe('loadSkills', () => {
  it('reads a skill with every field of the Agent Skills format', async () => {
    const { skills, problems, workspace } = await loadFrom({
      '.agents/skills/pdf-tools/SKILL.md': skillFile(
        'name: pdf-tools\ndescription: Works with PDF files.\nlicense: MIT\ncompatibility: Needs python3\nmetadata:\n  author: me\n  version: 1.0\nallowed-tools: Read Bash(python3:*)',
        '# PDF\nUse scripts/x.py.',
      ),
    });
    assert.deepEqual(problems, []);
    const [skill] = skills;
    assert.ok(skill);
    assert.equal(skill.name, 'pdf-tools');
    assert.equal(skill.description, 'Works with PDF files.');
    assert.equal(skill.license, 'MIT');
    assert.equal(skill.compatibility, 'Needs python3');
    assert.deepEqual({ ...skill.metadata }, { author: 'me', version: '1' });
    assert.deepEqual(skill.allowedTools, ['Read', 'Bash(python3:*)']);
    assert.equal(skill.body, '# PDF\nUse scripts/x.py.');
    assert.equal(skill.folder, workspace.path('.agents/skills/pdf-tools'));
    assert.equal(skill.file.origin, 'workspace');
    assert.equal(skill.file.trusted, false);
  });

  it('reads Claude Code\'s comma-separated allowed-tools, keeping a pattern with spaces whole', async () => {
    const { skills } = await loadFrom({ '.claude/skills/commit/SKILL.md': skillFile('name: commit\ndescription: Commits.\nallowed-tools: Read, Grep, Bash(git add:*)') });
    assert.deepEqual(skills[0]?.allowedTools, ['Read', 'Grep', 'Bash(git add:*)']);
  });

  const rules: Array<[string, string, number, RegExp]> = [
    ['a missing name', 'description: Does things.', 1, /required field name is missing/],
    ['a missing description', 'name: my-skill', 1, /required field description is missing/],
    ['an empty description', 'name: my-skill\ndescription: "  "', 3, /description must not be empty/],
    ['a name that is not text', 'name: [a, b]\ndescription: D.', 2, /name must be text/],
    ['a name with capitals', 'name: My-Skill\ndescription: D.', 2, /only lowercase letters, digits and hyphens/],
    ['a name with a leading hyphen', 'name: -my-skill\ndescription: D.', 2, /must not start or end with a hyphen/],
    ['a name with a trailing hyphen', 'name: my-skill-\ndescription: D.', 2, /must not start or end with a hyphen/],
    ['a name with two hyphens in a row', 'name: my--skill\ndescription: D.', 2, /two hyphens in a row/],
    ['a name other than its folder\'s', 'name: other-skill\ndescription: D.', 2, /must be the name of the skill's folder, "my-skill"/],
    ['a name over 64 characters', `name: ${'a'.repeat(65)}\ndescription: D.`, 2, /65 characters long; at most 64/],
    ['a description over 1024 characters', `name: my-skill\ndescription: ${'d'.repeat(1025)}`, 3, /1025 characters long; the Agent Skills format allows at most 1024/],
    ['frontmatter that is not YAML (a key twice)', 'name: my-skill\ndescription: D.\nname: my-skill', 4, /not valid YAML/],
  ];
  for (const [what, fields, line, rule] of rules) {
    it(`leaves out a skill with ${what}, saying where and why`, async () => {
      const problem = await onlyProblem(fields);
      assert.match(problem.rule, rule);
      assert.equal(problem.line, line);
      assert.equal((problem as CustomizationProblem & { skillsLoaded: number }).skillsLoaded, 0);
    });
  }

  const optionalRules: Array<[string, string, number, RegExp, string]> = [
    ['a compatibility over 500 characters', `compatibility: ${'c'.repeat(501)}`, 4, /at most 500/, 'compatibility'],
    ['metadata that is not a mapping', 'metadata: [a, b]', 4, /metadata must be a mapping/, 'metadata'],
    ['metadata with a nested value', 'metadata:\n  nested:\n    a: b', 4, /must be text/, 'metadata'],
    ['allowed-tools that is not text', 'allowed-tools: {a: 1}', 4, /allowed-tools must be a space-separated list/, 'allowedTools'],
  ];
  for (const [what, field, line, rule, key] of optionalRules) {
    it(`keeps a skill with ${what}, without that field, saying where and why`, async () => {
      const problem = await onlyProblem(`name: my-skill\ndescription: D.\n${field}`);
      assert.match(problem.rule, rule);
      assert.equal(problem.line, line);
      const { skills } = await loadFrom({ '.agents/skills/my-skill/SKILL.md': skillFile(`name: my-skill\ndescription: D.\n${field}`) });
      assert.equal(skills.length, 1);
      assert.equal((skills[0] as unknown as Record<string, unknown>)[key], undefined);
    });
  }

  it('says a SKILL.md without frontmatter is not a skill', async () => {
    const { skills, problems } = await loadFrom({ '.github/skills/plain/SKILL.md': '# Just text\n' });
    assert.equal(skills.length, 0);
    assert.match(problems[0]?.rule ?? '', /must start with YAML frontmatter/);
  });

  it('ignores folders without SKILL.md and files beside the skill folders', async () => {
    const { skills, problems } = await loadFrom({ '.elbow/skills/notes.md': 'x', '.elbow/skills/empty/readme.md': 'x', '.elbow/skills/ok/SKILL.md': skillFile('name: ok\ndescription: D.') });
    assert.deepEqual(problems, []);
    assert.deepEqual(skills.map((skill) => skill.name), ['ok']);
  });

  it('finds skills in every workspace folder\'s four folders and the user\'s two, the user\'s first', async () => {
    const { skills, problems, workspace } = await loadFrom({
      '.elbow/skills/a-elbow/SKILL.md': skillFile('name: a-elbow\ndescription: D.'),
      '.agents/skills/b-agents/SKILL.md': skillFile('name: b-agents\ndescription: D.'),
      '.claude/skills/c-claude/SKILL.md': skillFile('name: c-claude\ndescription: D.'),
      '.github/skills/d-github/SKILL.md': skillFile('name: d-github\ndescription: D.'),
      '../home/.elbow/skills/e-home/SKILL.md': skillFile('name: e-home\ndescription: D.'),
      '../home/.agents/skills/f-home/SKILL.md': skillFile('name: f-home\ndescription: D.'),
    }, { home: undefined });
    const again = await loadSkills(await readerOf(workspace, { home: path.join(workspace.base, 'home') }));
    assert.deepEqual(problems, []);
    assert.deepEqual(skills.map((skill) => skill.name), ['a-elbow', 'b-agents', 'c-claude', 'd-github']);
    assert.deepEqual(again.skills.map((skill) => [skill.name, skill.file.origin, skill.file.trusted]), [
      ['e-home', 'user', true], ['f-home', 'user', true],
      ['a-elbow', 'workspace', false], ['b-agents', 'workspace', false], ['c-claude', 'workspace', false], ['d-github', 'workspace', false],
    ]);
  });

  it('keeps the first of two skills with one name (the user\'s over the workspace\'s, .elbow over .claude) and says so for the other', async () => {
    const workspace = await createTempWorkspace({
      '.claude/skills/review/SKILL.md': skillFile('name: review\ndescription: From Claude.'),
      '.elbow/skills/review/SKILL.md': skillFile('name: review\ndescription: From Elbow.'),
      '../home/.agents/skills/deploy/SKILL.md': skillFile('name: deploy\ndescription: Mine.'),
      '.github/skills/deploy/SKILL.md': skillFile('name: deploy\ndescription: The repository\'s.'),
    });
    const { skills, problems } = await loadSkills(await readerOf(workspace, { home: path.join(workspace.base, 'home'), trust: trustsAll }));
    assert.deepEqual(skills.map((skill) => [skill.name, skill.description]), [['deploy', 'Mine.'], ['review', 'From Elbow.']]);
    assert.deepEqual(problems.map((problem) => problem.file).sort(), [workspace.path('.claude/skills/review/SKILL.md'), workspace.path('.github/skills/deploy/SKILL.md')].sort());
    assert.ok(problems.every((problem) => /already found in .* which takes precedence/.test(problem.rule)));
  });

  it('refuses a workspace skill that links out of the workspace', async () => {
    const { skills, problems } = await loadFrom({
      '../outside/SKILL.md': skillFile('name: sneaky\ndescription: D.'),
      '.agents/skills/sneaky/SKILL.md': { symlink: '../../../../outside/SKILL.md' },
    });
    assert.equal(skills.length, 0);
    assert.match(problems[0]?.rule ?? '', /leads out of the workspace/);
  });

  it(`reads at most ${maxSkills} skills and says how many were left out`, async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < maxSkills + 3; index += 1) {
      const name = `s${String(index).padStart(3, '0')}`;
      files[`.agents/skills/${name}/SKILL.md`] = skillFile(`name: ${name}\ndescription: D.`);
    }
    const { skills, problems } = await loadFrom(files);
    assert.equal(skills.length, maxSkills);
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.rule ?? '', new RegExp(`only the first ${maxSkills} skill folders are read; 3 more`));
  });
});
