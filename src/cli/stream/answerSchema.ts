import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { AnySchema } from 'ajv';
import { UsageError } from '../cliArguments';
import type { AnswerCheckRequest } from './answerCheckWorker';
import { compileAnswerSchema, type AnswerCheck } from './answerValidation';

export type { AnswerCheck };

/** `--json-schema FILE`: the schema the final answer must match, how the model is asked for it and how an answer is checked. */
export interface AnswerSchema {
  /** Added to the prompt: answer with JSON matching the schema, and nothing else. */
  readonly instruction: string;
  check(answer: string): Promise<AnswerCheck>;
  /** The follow-up asking for a corrected answer. */
  correction(problem: string): string;
}

/**
 * The schema's patterns run on the model's answer, and one like `^(a|a)+$` backtracks for ages on a few dozen
 * characters: the check runs in a worker that is stopped after this long, and the answer then counts as not matching.
 */
const CHECK_SECONDS = 5;

/** Longer answers are not checked (a model's answer is far shorter; this bounds what the worker parses). */
const MAX_CHECKED_CHARACTERS = 1_000_000;

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
  try {
    compileAnswerSchema(schema as AnySchema);
  } catch (error) {
    throw new UsageError(`--json-schema: ${file} is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  return answerSchema(schema as AnySchema);
}

function answerSchema(schema: AnySchema): AnswerSchema {
  return {
    instruction: `When you have finished the task, your final answer must be a single JSON value, and nothing else (no prose, no code fence), that matches this JSON Schema:\n${JSON.stringify(schema)}`,
    check(answer) {
      if (answer.length > MAX_CHECKED_CHARACTERS) return Promise.resolve({ valid: false, problem: `the answer is ${answer.length} characters long, more than the ${MAX_CHECKED_CHARACTERS} that are checked` });
      return checkInWorker({ schema, answer });
    },
    correction(problem) {
      return `Your final answer does not match the JSON Schema: ${problem}. Reply with the corrected answer: only the JSON value matching the schema, with no other text.`;
    },
  };
}

function checkInWorker(request: AnswerCheckRequest): Promise<AnswerCheck> {
  return new Promise((resolve) => {
    // The worker is a bundle of its own next to this one (esbuild.js); require.resolve finds it there.
    const worker = new Worker(require.resolve('./answerCheckWorker.js'), { workerData: request });
    const settle = (check: AnswerCheck): void => {
      clearTimeout(deadline);
      resolve(check);
      void worker.terminate();
    };
    const deadline = setTimeout(() => settle({ valid: false, problem: `checking the answer against the schema took longer than ${CHECK_SECONDS} s` }), CHECK_SECONDS * 1000);
    worker.once('message', (check: AnswerCheck) => settle(check));
    worker.once('error', (error) => settle({ valid: false, problem: `the answer could not be checked (${error.message})` }));
    worker.once('exit', (code) => settle({ valid: false, problem: `the answer could not be checked (the check ended with code ${code})` }));
  });
}
