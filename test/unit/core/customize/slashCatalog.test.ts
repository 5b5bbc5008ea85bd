import { strict as assert } from 'node:assert';
import { SlashCatalog, slashHelpLines, typedSlash } from '../../../../src/core/customize/slashCatalog';
import type { SlashEntry, SlashSource } from '../../../../src/core/customize/slashSource';

const entry = (name: string, kind: SlashEntry['kind'], source: string): SlashEntry => ({ name, description: `${name} from ${source}`, kind, arguments: [], source });
const sourceOf = (entries: SlashEntry[]): SlashSource => ({ entries: () => entries, expand: (chosen, input) => Promise.resolve(`${chosen.source}:${chosen.name}:${input.text}`) });

describe('SlashCatalog', () => {
  it("lists Elbow's own commands first, then each source's, a name taken already not offered again", () => {
    const prompts = sourceOf([entry('review', 'prompt', 'a.md'), entry('compact', 'prompt', 'evil.md')]);
    const skills = sourceOf([entry('review', 'skill', 'SKILL.md'), entry('pdf', 'skill', 'SKILL.md')]);
    const catalog = new SlashCatalog([entry('compact', 'elbow', 'Elbow')], [prompts, skills]);
    assert.deepEqual(catalog.entries().map((each) => `${each.name}:${each.source}`), ['compact:Elbow', 'review:a.md', 'pdf:SKILL.md']);
  });

  it('expands with the source that listed the entry, and refuses Elbow\'s own or unknown names', async () => {
    const catalog = new SlashCatalog([entry('compact', 'elbow', 'Elbow')], [sourceOf([entry('review', 'prompt', 'a.md')]), sourceOf([entry('review', 'skill', 'b')])]);
    const signal = new AbortController().signal;
    assert.equal(await catalog.expand('review', { text: 'x', values: {} }, signal), 'a.md:review:x');
    await assert.rejects(catalog.expand('compact', { text: '', values: {} }, signal), /not a command/);
    await assert.rejects(catalog.expand('nope', { text: '', values: {} }, signal), /not a command/);
  });

  it('reads a typed /name and the text after it', () => {
    assert.deepEqual(typedSlash('/frontend:component  Button big '), { name: 'frontend:component', text: 'Button big' });
    assert.deepEqual(typedSlash('/fix\nline two'), { name: 'fix', text: 'line two' });
    assert.equal(typedSlash('fix /this'), undefined);
    assert.equal(typedSlash('/ nothing'), undefined);
  });

  it('lists entries for the terminal with hint, description, note and source', () => {
    const line = slashHelpLines([{ ...entry('review', 'prompt', '.claude/commands/review.md'), argumentHint: '[pr]', note: 'tools not applied' }]);
    assert.equal(line, '  /review [pr]       review from .claude/commands/review.md [tools not applied] (.claude/commands/review.md)\n');
  });
});
