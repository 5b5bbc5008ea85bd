import assert from 'node:assert/strict';
import { normalizedErrorBody, readableErrorMessage } from '../../../../../src/core/llm/providers/errorBody';
import { loadRecording, recordingJson } from '../../../../support/replay/recording';

describe('error bodies in every shape', () => {
  it("reads Mistral's list of validation errors as `loc: msg`", () => {
    const body = recordingJson(loadRecording('mistral/error-extra-forbidden.json'));
    assert.equal(readableErrorMessage(body), 'body.tools: Extra inputs are not permitted');
  });

  it('reads a FastAPI `detail` list, nested under `message` or not, one entry after another', () => {
    const detail = [
      { type: 'extra_forbidden', loc: ['body', 'stream_options', 'include_usage'], msg: 'Extra inputs are not permitted' },
      { type: 'missing', loc: ['body', 'model'], msg: 'Field required' },
    ];
    const expected = 'body.stream_options.include_usage: Extra inputs are not permitted; body.model: Field required';
    assert.equal(readableErrorMessage({ object: 'error', message: { detail }, type: 'invalid_request_error', param: null, code: null }), expected);
    assert.equal(readableErrorMessage({ detail }), expected);
  });

  it('reads a top-level message string, an `error` string, a `detail` string and an array-wrapped body', () => {
    assert.equal(readableErrorMessage({ object: 'error', message: 'Unexpected role', type: 'invalid_request_message_order' }), 'Unexpected role');
    assert.equal(readableErrorMessage({ error: 'model not found' }), 'model not found');
    assert.equal(readableErrorMessage({ detail: 'Not Found' }), 'Not Found');
    assert.match(readableErrorMessage(recordingJson(loadRecording('gemini/error-missing-thought-signature.json'))) ?? '', /^Function call is missing a thought_signature/);
    assert.equal(readableErrorMessage({}), undefined);
  });

  it("adds the upstream provider's words OpenRouter passes along in metadata.raw", () => {
    // The body crush's log recorded for Mistral behind OpenRouter (charmbracelet/crush#683).
    const raw = '{"object":"error","message":"Unexpected role \'tool\' after role \'user\'","type":"invalid_request_message_order","param":null,"code":"3230"}';
    const body = { error: { message: 'Provider returned error', code: 400, metadata: { raw, provider_name: 'Mistral' } } };
    assert.equal(readableErrorMessage(body), "Provider returned error (Mistral: Unexpected role 'tool' after role 'user')");
  });

  it('gives the SDKs an `error` object with a string message, keeping the type and code', () => {
    const body = recordingJson(loadRecording('mistral/error-extra-forbidden.json')) as object;
    assert.deepEqual(normalizedErrorBody(body), { error: { object: 'Error', type: 'invalid_request_error', code: 3001, message: 'body.tools: Extra inputs are not permitted' } });
    assert.deepEqual(normalizedErrorBody({ error: 'model not found' }), { error: { message: 'model not found' } });
    const openai = recordingJson(loadRecording('openai/error-insufficient-quota.json')) as object;
    assert.equal(normalizedErrorBody(openai), openai);
  });
});
