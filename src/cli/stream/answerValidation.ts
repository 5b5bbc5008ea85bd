import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** Whether an answer matched: its parsed value, or what is wrong with it, for the model and for people. */
export type AnswerCheck = { valid: true; value: unknown } | { valid: false; problem: string };

/** At most this many of the schema's complaints are quoted: the first ones say enough to fix the answer. */
const QUOTED_ERRORS = 5;

/** Compiles the schema in its own draft; throws when it is not a valid schema. */
export function compileAnswerSchema(schema: AnySchema): ValidateFunction {
  return validatorFor(schema).compile(schema);
}

/**
 * Parses the answer and checks it against the schema. The schema's patterns run on the answer, so this may take
 * as long as a backtracking regular expression does: it runs in a worker that can be stopped (answerCheckWorker).
 */
export function checkAnswer(schema: AnySchema, answer: string): AnswerCheck {
  let value: unknown;
  try {
    value = JSON.parse(withoutFence(answer.trim()));
  } catch (error) {
    return { valid: false, problem: `the answer is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const validate = compileAnswerSchema(schema);
  if (validate(value)) return { valid: true, value };
  return { valid: false, problem: describe(validate.errors ?? []) };
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
