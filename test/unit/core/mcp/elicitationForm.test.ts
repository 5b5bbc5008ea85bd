import assert from 'node:assert/strict';
import { defaultsAnswer, fieldValue, formAnswer } from '../../../../src/core/mcp/elicitationAnswer';
import { elicitationFields, type ElicitationField } from '../../../../src/core/mcp/elicitationForm';
import type { McpElicitationSchema } from '../../../../src/core/mcp/mcpClientHandlers';

const schema: McpElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Your full name', minLength: 2 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    count: { type: 'integer', minimum: 1, maximum: 100, default: 42 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    agree: { type: 'boolean', default: false },
    friend: { type: 'string', enum: ['Monica', 'Ross'], default: 'Monica' },
    hero: { type: 'string', oneOf: [{ const: 'hero-1', title: 'Superman' }, { const: 'hero-2', title: 'Wonder Woman' }] },
    pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] },
    fish: { type: 'array', minItems: 1, maxItems: 2, items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }, { const: 'fish-2', title: 'Salmon' }, { const: 'fish-3', title: 'Trout' }] }, default: ['fish-1'] },
  },
  required: ['name', 'count'],
};
const fields = elicitationFields(schema);
const field = (name: string): ElicitationField => fields.find((candidate) => candidate.name === name) ?? assert.fail(name);
function fieldOfKind<K extends ElicitationField['kind']>(name: string, kind: K): Extract<ElicitationField, { kind: K }> {
  const found = field(name);
  assert.equal(found.kind, kind);
  return found as Extract<ElicitationField, { kind: K }>;
}

describe('a server question as a form: fields, coercion, validation', () => {
  it('builds one field per property, in order, with titles, required marks, formats and choices', () => {
    assert.deepEqual(fields.map((entry) => [entry.name, entry.kind, entry.required]), [
      ['name', 'text', true], ['email', 'text', false], ['site', 'text', false], ['born', 'text', false], ['at', 'text', false],
      ['count', 'number', true], ['ratio', 'number', false], ['agree', 'boolean', false], ['friend', 'choice', false],
      ['hero', 'choice', false], ['pet', 'choice', false], ['fish', 'choices', false],
    ]);
    assert.deepEqual(field('name'), { name: 'name', title: 'Name', description: 'Your full name', required: true, kind: 'text', minLength: 2 });
    assert.equal(field('email').title, 'email');
    assert.deepEqual(fieldOfKind('hero', 'choice'), { name: 'hero', title: 'hero', required: false, kind: 'choice', options: [{ value: 'hero-1', title: 'Superman' }, { value: 'hero-2', title: 'Wonder Woman' }] });
    assert.deepEqual(fieldOfKind('pet', 'choice').options.map((option) => option.title), ['Cats', 'Dogs']);
    const fish = fieldOfKind('fish', 'choices');
    assert.deepEqual([fish.options.length, fish.minItems, fish.maxItems, fish.default], [3, 1, 2, ['fish-1']]);
    assert.deepEqual(field('count'), { name: 'count', title: 'count', required: true, kind: 'number', integer: true, minimum: 1, maximum: 100, default: 42 });
  });

  it('coerces what was typed to the schema\'s types and sends only what was filled', () => {
    const outcome = formAnswer(fields, { name: 'Ada', count: ' 7 ', ratio: '0.5', agree: true, hero: 'hero-2', fish: ['fish-3', 'fish-1'], email: '' });
    assert.deepEqual(outcome, { content: { name: 'Ada', count: 7, ratio: 0.5, agree: true, hero: 'hero-2', fish: ['fish-1', 'fish-3'] } });
    assert.deepEqual(fieldValue(field('agree'), 'yes'), { value: true });
    assert.deepEqual(fieldValue(field('agree'), 'n'), { value: false });
  });

  it('says what is wrong next to each field and sends nothing', () => {
    const outcome = formAnswer(fields, { name: 'A', count: '3.5', ratio: '2', email: 'ada', site: 'example.com', born: '2026-02-30', at: 'tomorrow', friend: 'Joey', fish: ['fish-1', 'fish-2', 'fish-3'] });
    assert.deepEqual(outcome, {
      errors: {
        name: 'At least 2 characters.',
        email: 'Expected an email address, e.g. name@example.com.',
        site: 'Expected a URI, e.g. https://example.com.',
        born: 'Expected a date as YYYY-MM-DD.',
        at: 'Expected a date and time, e.g. 2026-01-31T09:30:00Z.',
        count: 'Expected a whole number.',
        ratio: 'At most 1.',
        friend: 'Choose one of: Monica, Ross.',
        fish: 'Choose at most 2.',
      },
    });
    assert.deepEqual(formAnswer(fields, {}), { errors: { name: 'Required.', count: 'Required.' } });
    assert.deepEqual(fieldValue(field('count'), '0'), { error: 'At least 1.' });
    assert.deepEqual(fieldValue(field('count'), 'abc'), { error: 'Expected a whole number.' });
    assert.deepEqual(fieldValue(field('agree'), 'maybe'), { error: 'Expected yes or no.' });
    assert.deepEqual(fieldValue(field('fish'), []), { error: 'Choose at least 1.' });
    assert.deepEqual(fieldValue(field('at'), '2026-01-31T09:30:00Z'), { value: '2026-01-31T09:30:00Z' });
  });

  it('answers with the defaults only when every required field has one', () => {
    assert.equal(defaultsAnswer(fields), undefined);
    const withDefaults = elicitationFields({ ...schema, required: ['count', 'friend'] });
    assert.deepEqual(defaultsAnswer(withDefaults), { count: 42, agree: false, friend: 'Monica', fish: ['fish-1'] });
  });

  it('keeps a default that is not one of the choices out of the form', () => {
    const [only] = elicitationFields({ type: 'object', properties: { color: { type: 'string', enum: ['red'], default: 'blue' } } });
    assert.deepEqual(only, { name: 'color', title: 'color', required: false, kind: 'choice', options: [{ value: 'red', title: 'red' }] });
  });
});
