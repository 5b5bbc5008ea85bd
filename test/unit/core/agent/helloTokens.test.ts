import assert from 'node:assert/strict';
import { measureHello } from '../../../support/helloRequest';

describe('a plain "hello"', () => {
  it('costs at most 4,000 input tokens in a fresh conversation with every tool offered, VS Code\'s included: the system prompt and tool schemas stay lean', async () => {
    const hello = await measureHello();
    for (const name of ['problems', 'code_navigation', 'fetch_url', 'todo']) assert.ok(hello.toolNames.includes(name), `${name} offered: ${hello.toolNames.join(', ')}`);
    assert.ok(hello.system > 200 && hello.tools > 1_000, JSON.stringify(hello));
    assert.ok(hello.total <= 4_000, `hello costs ${hello.total} tokens: ${JSON.stringify(hello)}`);
  });
});
