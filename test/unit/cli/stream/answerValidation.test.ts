import assert from 'node:assert/strict';
import { checkAnswer, type AnswerCheck } from '../../../../src/cli/stream/answerValidation';

describe('--json-schema answers', () => {
  const validities = (checks: AnswerCheck[]): boolean[] => checks.map((check) => check.valid);

  it('reads each schema in its own draft: 2020-12 by its $schema, draft-07 otherwise', () => {
    const tuple2020 = { $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false };
    assert.deepEqual(validities([checkAnswer(tuple2020, '["a", 1]'), checkAnswer(tuple2020, '["a", "b"]'), checkAnswer(tuple2020, '["a", 1, 2]')]), [true, false, false]);
    const tuple07 = { $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false };
    assert.deepEqual(validities([checkAnswer(tuple07, '["a", 1]'), checkAnswer(tuple07, '["a", "b"]'), checkAnswer(tuple07, '["a", 1, 2]')]), [true, false, false]);
    const formats = { type: 'string', format: 'date' };
    assert.deepEqual(validities([checkAnswer(formats, '"2026-11-28"'), checkAnswer(formats, '"yesterday"')]), [true, false]);
  });

  it('forgives a Markdown fence around the JSON, and nothing else around it', () => {
    const schema = { type: 'object', required: ['ok'] };
    assert.deepEqual(checkAnswer(schema, '```json\n{"ok": true}\n```'), { valid: true, value: { ok: true } });
    assert.deepEqual(checkAnswer(schema, '```\n{"ok": true}```'), { valid: true, value: { ok: true } });
    assert.equal(checkAnswer(schema, 'Here it is: {"ok": true}').valid, false);
  });

  it('quotes the first five problems and counts the rest', () => {
    const check = checkAnswer({ type: 'object', required: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, '{}');
    assert.equal(check.valid, false);
    assert.equal(check.valid ? '' : check.problem, "the answer must have required property 'a'; the answer must have required property 'b'; the answer must have required property 'c'; the answer must have required property 'd'; the answer must have required property 'e' (and 2 more)");
  });
});
