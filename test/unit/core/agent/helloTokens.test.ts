import assert from 'node:assert/strict';
import { measureHello } from '../../../support/helloRequest';

describe('a plain "hello"', () => {
  it('costs at most 3,000 input tokens in a fresh conversation: the system prompt and tool schemas stay lean', async () => {
    const hello = await measureHello();
    assert.ok(hello.toolCount >= 10, `${hello.toolCount} tools`);
    assert.ok(hello.system > 200 && hello.tools > 1_000, JSON.stringify(hello));
    assert.ok(hello.total <= 3_000, `hello costs ${hello.total} tokens: ${JSON.stringify(hello)}`);
  });
});
