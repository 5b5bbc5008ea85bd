import assert from 'node:assert/strict';
import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { authorizationServerProblem, isSecureOrLoopback } from '../../../../../src/core/mcp/auth/authorizationServerCheck';

function metadata(issuer: string, changes: Partial<AuthorizationServerMetadata> = {}): AuthorizationServerMetadata {
  return { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, response_types_supported: ['code'], ...changes } as AuthorizationServerMetadata;
}

describe('where Elbow sends codes and tokens', () => {
  it('allows https, and plain http only to this machine', () => {
    assert.equal(isSecureOrLoopback('https://auth.example.com'), true);
    assert.equal(isSecureOrLoopback('http://127.0.0.1:9000/'), true);
    assert.equal(isSecureOrLoopback('http://localhost:9000/'), true);
    assert.equal(isSecureOrLoopback('http://auth.example.com'), false);
    assert.equal(isSecureOrLoopback('http://127.0.0.1.evil.example/'), false);
    assert.equal(isSecureOrLoopback('javascript:alert(1)'), false);
  });

  it('refuses an authorization server on http, one whose metadata names another issuer, and an endpoint off https', () => {
    assert.equal(authorizationServerProblem({ authorizationServerUrl: 'https://auth.example.com', authorizationServerMetadata: metadata('https://auth.example.com') }), undefined);
    assert.match(authorizationServerProblem({ authorizationServerUrl: 'http://auth.example.com' }) ?? '', /is not on https/);
    assert.match(authorizationServerProblem({ authorizationServerUrl: 'https://auth.example.com', authorizationServerMetadata: metadata('https://evil.example') }) ?? '', /calls itself https:\/\/evil\.example/);
    assert.match(authorizationServerProblem({ authorizationServerUrl: 'https://auth.example.com', authorizationServerMetadata: metadata('https://auth.example.com', { token_endpoint: 'http://tokens.example/token' }) }) ?? '', /endpoint http:\/\/tokens\.example\/token is not on https/);
  });
});
