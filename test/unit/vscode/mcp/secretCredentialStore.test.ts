import assert from 'node:assert/strict';
import { SecretCredentialStore } from '../../../../src/vscode/mcp/secretCredentialStore';
import { memorySecrets } from '../../../support/memorySecrets';

describe('SecretCredentialStore: MCP sign-in secrets in VS Code\'s SecretStorage', () => {
  it('keeps each key under its own name, apart from the API keys, and forgets it on delete', async () => {
    const secrets = memorySecrets();
    await secrets.store('elbow.apiKey.openai', 'sk-openai');
    const store = new SecretCredentialStore(secrets);
    await store.write('tracker', '{"tokens":{"access_token":"at"}}');
    assert.deepEqual(secrets.names().sort(), ['elbow.apiKey.openai', 'elbow.mcp.oauth/tracker']);
    assert.equal(await store.read('tracker'), '{"tokens":{"access_token":"at"}}');
    assert.equal(await store.read('openai'), undefined);
    assert.equal(await store.read('elbow.apiKey.openai'), undefined, 'no key reaches the API keys');
    await store.delete('tracker');
    assert.equal(await store.read('tracker'), undefined);
    assert.deepEqual(secrets.names(), ['elbow.apiKey.openai']);
  });
});
