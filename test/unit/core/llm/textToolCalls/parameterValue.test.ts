import assert from 'node:assert/strict';
import { parameterValue } from '../../../../../src/core/llm/textToolCalls/parameterValue';

describe('parameterValue', () => {
  it('reads numbers, integers and booleans the schema asks for', () => {
    assert.equal(parameterValue('30', { type: 'number' }), 30);
    assert.equal(parameterValue('2.5', { type: 'number' }), 2.5);
    assert.equal(parameterValue(' 7 ', { type: 'integer' }), 7);
    assert.equal(parameterValue('True', { type: 'boolean' }), true);
    assert.equal(parameterValue('false', { type: ['boolean', 'null'] }), false);
  });

  it('reads objects and arrays as JSON', () => {
    assert.deepEqual(parameterValue('{"a": [1, 2]}', { type: 'object' }), { a: [1, 2] });
    assert.deepEqual(parameterValue('[1, "x"]', { type: 'array' }), [1, 'x']);
  });

  it('reads null for a value that is not a string', () => {
    assert.equal(parameterValue('null', { type: 'integer' }), null);
    assert.equal(parameterValue('null', { type: 'string' }), 'null');
  });

  it('keeps what does not read as the type, strings and unknown parameters as written', () => {
    assert.equal(parameterValue('thirty', { type: 'number' }), 'thirty');
    assert.equal(parameterValue('1.5', { type: 'integer' }), '1.5');
    assert.equal(parameterValue('yes', { type: 'boolean' }), 'yes');
    assert.equal(parameterValue('[1]', { type: 'object' }), '[1]');
    assert.equal(parameterValue('42', { type: 'string' }), '42');
    assert.equal(parameterValue('42', undefined), '42');
  });
});
