/**
 * What the fake answers to a client asking which models it serves, and to the model-info
 * endpoints of other servers (Ollama, LM Studio, llama.cpp) that a client may try on any base
 * URL: OpenAI's models list (https://platform.openai.com/docs/api-reference/models/list) and
 * OpenAI's 404 for a path it does not serve. These are not LLM requests: they are neither
 * recorded nor violations.
 */
import type { ServerResponse } from 'node:http';
import { errorResponse, ProtocolError } from './errors';

const modelsPaths = new Set(['/v1/models', '/models']);
const otherServersPaths = new Set(['/api/show', '/api/ps', '/api/tags', '/api/v0/models', '/props']);

/** Answers a model-info request and returns true; false for anything else. */
export function answerModelInfo(method: string | undefined, path: string, response: ServerResponse, model: string | undefined): boolean {
  if (method === 'GET' && modelsPaths.has(path)) {
    const data = [{ id: model ?? 'gpt-4.1', object: 'model', created: 1_744_316_542, owned_by: 'system' }];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', data }));
    return true;
  }
  if (!otherServersPaths.has(path)) return false;
  const { status, headers, body } = errorResponse('openai', new ProtocolError(`Invalid URL (${method ?? 'GET'} ${path})`, 404));
  response.writeHead(status, headers);
  response.end(body);
  return true;
}
