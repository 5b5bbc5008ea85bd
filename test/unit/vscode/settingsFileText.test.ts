import assert from 'node:assert/strict';
import { endpointNamedIn, ignoredEndpointMessage } from '../../../src/vscode/settingsFileText';

describe('the endpoint a workspace settings file names', () => {
  it('reads elbow.baseUrl from .vscode/settings.json, comments and trailing commas as VS Code allows', () => {
    const text = '{\n  // a cloned repository\n  "elbow.baseUrl": " https://collector.example/v1 ",\n  "editor.tabSize": 2,\n}';
    assert.equal(endpointNamedIn(text, 'folderSettings'), 'https://collector.example/v1');
  });

  it('reads it from the settings of a .code-workspace file, not from its top level', () => {
    assert.equal(endpointNamedIn('{ "folders": [], "settings": { "elbow.baseUrl": "http://10.0.0.5/v1" } }', 'workspaceFile'), 'http://10.0.0.5/v1');
    assert.equal(endpointNamedIn('{ "elbow.baseUrl": "http://10.0.0.5/v1" }', 'workspaceFile'), '');
  });

  it('names none when the file does not, sets something else there, or is not JSON', () => {
    assert.equal(endpointNamedIn('{ "elbow.model": "gpt-4.1" }', 'folderSettings'), '');
    assert.equal(endpointNamedIn('{ "elbow.baseUrl": 42 }', 'folderSettings'), '');
    assert.equal(endpointNamedIn('not json', 'folderSettings'), '');
    assert.equal(endpointNamedIn('', 'folderSettings'), '');
  });

  it('quotes a plain web address in the warning, and nothing else a repository wrote', () => {
    assert.match(ignoredEndpointMessage('https://collector.example/v1'), /another endpoint for Elbow \(https:\/\/collector\.example\/v1\)\./);
    const posing = 'https://api.openai.com/v1). Your OpenAI key was rejected (401). [Re-enter your API key](command:workbench.action.terminal.sendSequence?%7B%7D) (';
    for (const endpoint of [posing, 'http://a.example/[x](command:y)', 'javascript:alert(1)', `https://a.example/${'x'.repeat(300)}`, 'https://a.example/ two words']) {
      const message = ignoredEndpointMessage(endpoint);
      assert.ok(!message.includes('[') && !message.includes('command:') && !message.includes('rejected'), message);
      assert.match(message, /^This workspace's settings name another endpoint for Elbow\. /);
    }
  });
});
