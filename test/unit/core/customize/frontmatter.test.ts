import { strict as assert } from 'node:assert';
import { parseFrontmatter } from '../../../../src/core/customize/frontmatter';

describe('parseFrontmatter', () => {
  it('gives the fields, the body and the line each field is on', () => {
    const parsed = parseFrontmatter('---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\n# Steps\nDo it.\n', 'SKILL.md');
    assert.deepEqual({ ...parsed.fields }, { name: 'pdf-tools', description: 'Fill PDF forms.' });
    assert.equal(parsed.body, '# Steps\nDo it.\n');
    assert.equal(parsed.lineOf('description'), 3);
    assert.deepEqual(parsed.problems, []);
  });

  it('names the file and line where the YAML breaks', () => {
    const parsed = parseFrontmatter('---\nname: a\ndescription: [unclosed\n---\nbody', 'x/SKILL.md');
    assert.equal(parsed.problems.length > 0, true);
    assert.equal(parsed.problems[0]?.file, 'x/SKILL.md');
    assert.ok((parsed.problems[0]?.line ?? 0) >= 3, JSON.stringify(parsed.problems));
    assert.deepEqual({ ...parsed.fields }, {});
  });

  it('refuses aliases, which could expand a few lines into gigabytes', () => {
    const parsed = parseFrontmatter('---\na: &x [1, 2]\nb: *x\n---\n', 'f.md');
    assert.equal(parsed.problems.length, 1);
    assert.deepEqual({ ...parsed.fields }, {});
  });

  it('keeps __proto__ as a plain key, never as the prototype', () => {
    const parsed = parseFrontmatter('---\n__proto__:\n  polluted: true\nname: x\n---\n', 'f.md');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(parsed.fields), null);
    assert.equal(parsed.fields.name, 'x');
  });

  it('reads a file without frontmatter as all body, and a list as a problem', () => {
    assert.equal(parseFrontmatter('Just text', 'f.md').present, false);
    assert.equal(parseFrontmatter('---\n- a\n- b\n---\n', 'f.md').problems[0]?.rule.includes('mapping'), true);
  });

  it('refuses a key given twice', () => {
    assert.equal(parseFrontmatter('---\nname: a\nname: b\n---\n', 'f.md').problems.length, 1);
  });
});
