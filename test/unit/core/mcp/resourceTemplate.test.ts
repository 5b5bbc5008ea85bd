import assert from 'node:assert/strict';
import { expandTemplate, templateVariables } from '../../../../src/core/mcp/resourceTemplate';

describe('resource templates (RFC 6570 level 1)', () => {
  it('lists each variable once, in order', () => {
    assert.deepEqual(templateVariables('demo://resource/dynamic/text/{index}'), ['index']);
    assert.deepEqual(templateVariables('repo://{owner}/{repo}/issues/{owner}'), ['owner', 'repo']);
    assert.deepEqual(templateVariables('plain://no/variables'), []);
  });

  it('fills in the values', () => {
    assert.equal(expandTemplate('demo://resource/dynamic/text/{index}', { index: '7' }), 'demo://resource/dynamic/text/7');
    assert.equal(expandTemplate('repo://{owner}/{repo}', { owner: 'octo-cat', repo: 'hello_world.js' }), 'repo://octo-cat/hello_world.js');
  });

  it('percent-encodes every reserved character, so a value cannot change the scheme, authority or path', () => {
    assert.equal(expandTemplate('repo://{owner}/x', { owner: '../../etc/passwd' }), 'repo://..%2F..%2Fetc%2Fpasswd/x');
    assert.equal(expandTemplate('demo://a/{id}', { id: 'evil.com@x:1/?q=1#f' }), 'demo://a/evil.com%40x%3A1%2F%3Fq%3D1%23f');
    assert.equal(expandTemplate('demo://a/{id}', { id: "it's (1)!*" }), 'demo://a/it%27s%20%281%29%21%2A');
    assert.equal(expandTemplate('demo://a/{id}', { id: 'Grüße' }), 'demo://a/Gr%C3%BC%C3%9Fe');
  });

  it('refuses operators it does not expand, unpaired braces and a missing value', () => {
    assert.throws(() => templateVariables('demo://{+path}'), /only \{name\} variables/);
    assert.throws(() => templateVariables('demo://{?q}'), /only \{name\} variables/);
    assert.throws(() => templateVariables('demo://{id:3}'), /only \{name\} variables/);
    assert.throws(() => templateVariables('demo://{id'), /braces do not pair/);
    assert.throws(() => expandTemplate('demo://{id}', {}), /needs a value for id/);
  });
});
