import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAnswerSchema, type AnswerCheck } from '../../../../src/cli/stream/answerSchema';

describe('--json-schema answers', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-answer-schema-'));
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  async function schemaFile(schema: object): Promise<string> {
    const file = path.join(folder, 'answer.schema.json');
    await fs.writeFile(file, JSON.stringify(schema));
    return file;
  }

  const validities = (checks: AnswerCheck[]): boolean[] => checks.map((check) => check.valid);

  it('reads each schema in its own draft: 2020-12 by its $schema, draft-07 otherwise', async () => {
    const tuple2020 = loadAnswerSchema(await schemaFile({ $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }));
    assert.deepEqual(validities([tuple2020.check('["a", 1]'), tuple2020.check('["a", "b"]'), tuple2020.check('["a", 1, 2]')]), [true, false, false]);
    const tuple07 = loadAnswerSchema(await schemaFile({ $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false }));
    assert.deepEqual(validities([tuple07.check('["a", 1]'), tuple07.check('["a", "b"]'), tuple07.check('["a", 1, 2]')]), [true, false, false]);
    const formats = loadAnswerSchema(await schemaFile({ type: 'string', format: 'date' }));
    assert.deepEqual(validities([formats.check('"2026-11-28"'), formats.check('"yesterday"')]), [true, false]);
  });

  it('forgives a Markdown fence around the JSON, and nothing else around it', async () => {
    const schema = loadAnswerSchema(await schemaFile({ type: 'object', required: ['ok'] }));
    assert.deepEqual(schema.check('```json\n{"ok": true}\n```'), { valid: true, value: { ok: true } });
    assert.deepEqual(schema.check('```\n{"ok": true}```'), { valid: true, value: { ok: true } });
    assert.equal(schema.check('Here it is: {"ok": true}').valid, false);
  });

  it('quotes the first five problems and counts the rest', async () => {
    const schema = loadAnswerSchema(await schemaFile({ type: 'object', required: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }));
    const check = schema.check('{}');
    assert.equal(check.valid, false);
    assert.equal(check.valid ? '' : check.problem, "the answer must have required property 'a'; the answer must have required property 'b'; the answer must have required property 'c'; the answer must have required property 'd'; the answer must have required property 'e' (and 2 more)");
  });
});
