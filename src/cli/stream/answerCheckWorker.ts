// The worker that checks an answer against --json-schema (started by answerSchema.ts, bundled on its own by esbuild.js).
import { parentPort, workerData } from 'node:worker_threads';
import type { AnySchema } from 'ajv';
import { checkAnswer } from './answerValidation';

/** What answerSchema.ts hands the worker. */
export interface AnswerCheckRequest {
  schema: AnySchema;
  answer: string;
}

const { schema, answer } = workerData as AnswerCheckRequest;
parentPort?.postMessage(checkAnswer(schema, answer));
