import assert from 'node:assert/strict';
import { holdsSecret, redacted } from '../../../src/action/secretForms';

const token = 'ghs_fakeWorkflowToken0123456789';
const key = 'sk-test+5f1d/0c9ae3b7?';
const base64 = (text: string): string => Buffer.from(text).toString('base64');
const base64Url = (text: string): string => Buffer.from(text).toString('base64url');

describe('secretForms: what is posted or pushed never holds a secret in any form', () => {
  const cases: Array<[string, string]> = [
    ['as it is', `token ${token} here`],
    ['URL-encoded', `https://example.org/?k=${encodeURIComponent(key)}`],
    ['in base64', base64(key)],
    ['in URL-safe base64', base64Url(key)],
    ['in the header actions/checkout writes', `AUTHORIZATION: basic ${base64(`x-access-token:${token}`)}`],
    ['in base64 after one byte', base64(`x${token}`)],
    ['in base64 after two bytes, with more after it', base64(`xy${key} and more`)],
  ];
  for (const [name, text] of cases) {
    it(`finds and hides a secret ${name}`, () => {
      assert.ok(holdsSecret(text, [token, key]), text);
      const hidden = redacted(text, [token, key]);
      assert.ok(hidden.includes('***'), hidden);
      assert.ok(!holdsSecret(hidden, [token, key]), hidden);
    });
  }

  it('leaves text without a secret, and short values, as they are', () => {
    const text = `Fixed the README. ${base64('an ordinary sentence')}`;
    assert.equal(redacted(text, [token, 'abc']), text);
    assert.equal(redacted('abc abc', ['abc']), 'abc abc');
  });
});
