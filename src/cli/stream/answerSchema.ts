import * as fs from 'node:fs';
import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { UsageError } from '../cliArguments';

/** Whether an answer matched: its parsed value, or what is wrong with it, for the model and for people. */
export type AnswerCheck = { valid: true; value: unknown } | { valid: false; problem: string };

/** `--json-schema FILE`: the schema the final answer must match, how the model is asked for it and how an answer is checked. */
export interface AnswerSchema {
  /** Added to the prompt: answer with JSON matching the schema, and nothing else. */
  readonly instruction: string;
  check(answer: string): AnswerCheck;
  /** The follow-up asking for a corrected answer. */
  correction(problem: string): string;
}

/** At most this many of the schema's complaints are quoted: the first ones say enough to fix the answer. */
const QUOTED_ERRORS = 5;

/** Reads and compiles the schema; a file that cannot be read, is not JSON or is not a valid schema is a usage error. */
export function loadAnswerSchema(file: string): AnswerSchema {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--json-schema: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--json-schema: ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
    throw new UsageError(`--json-schema: ${file} is not a JSON Schema: a schema is an object (or true or false).`);
  }
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema as AnySchema).compile(schema as AnySchema);
  } catch (error) {
    throw new UsageError(`--json-schema: ${file} is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  return answerSchema(JSON.stringify(schema), validate);
}

/** Draft 2020-12 and 2019-09 by their `$schema`; draft-07 (and 06) otherwise, Ajv's default. */
function validatorFor(schema: AnySchema): Ajv {
  const dialect = typeof schema === 'object' && typeof schema.$schema === 'string' ? schema.$schema : '';
  // strict: false, as schemas written for other tools carry keywords of their own; the meta-schema still checks the known ones.
  const options = { strict: false, allErrors: true };
  const ajv = dialect.includes('2020-12') ? new Ajv2020(options) : dialect.includes('2019-09') ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

function answerSchema(schemaText: string, validate: ValidateFunction): AnswerSchema {
  return {
    instruction: `When you have finished the task, your final answer must be a single JSON value, and nothing else (no prose, no code fence), that matches this JSON Schema:\n${schemaText}`,
    check(answer) {
      let value: unknown;
      try {
        value = JSON.parse(withoutFence(answer.trim()));
      } catch (error) {
        return { valid: false, problem: `the answer is not JSON (${error instanceof Error ? error.message : String(error)})` };
      }
      if (validate(value)) return { valid: true, value };
      return { valid: false, problem: describe(validate.errors ?? []) };
    },
    correction(problem) {
      return `Your final answer does not match the JSON Schema: ${problem}. Reply with the corrected answer: only the JSON value matching the schema, with no other text.`;
    },
  };
}

/** Models often wrap JSON in a Markdown fence even when told not to; the fence alone is forgiven. */
function withoutFence(answer: string): string {
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n?```$/.exec(answer);
  return fenced?.[1] ?? answer;
}

function describe(errors: readonly ErrorObject[]): string {
  const quoted = errors.slice(0, QUOTED_ERRORS).map((error) => `${error.instancePath === '' ? 'the answer' : `the answer's ${error.instancePath}`} ${error.message ?? 'is invalid'}`);
  const more = errors.length > QUOTED_ERRORS ? ` (and ${errors.length - QUOTED_ERRORS} more)` : '';
  return `${quoted.join('; ')}${more}`;
}
