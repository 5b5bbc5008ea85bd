import assert from 'node:assert/strict';
import { connectingFetch, originsOf } from '../../../../../src/core/mcp/auth/connectingFetch';
import { authorizationServerProblem } from '../../../../../src/core/mcp/auth/authorizationServerCheck';

type Seen = { url: string; method: string; auth: string | null };
function stub(routes: Record<string, () => Response>, seen: Seen[]) {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    seen.push({ url: url.href, method: init?.method ?? 'GET', auth: new Headers(init?.headers).get('authorization') });
    const route = routes[url.href];
    return route ? route() : new Response('internal secret', { status: 200 });
  };
}

describe('MCP connections: where a redirect may lead', () => {
  it('does not follow a server\'s redirect into the origin of a token endpoint its sign-in named on the loopback', async () => {
    // Discovery the user's sign-in to the repository's server stored: the attacker's AS passes Elbow's checks.
    const discovery = {
      authorizationServerUrl: 'https://as.attacker.example',
      authorizationServerMetadata: { issuer: 'https://as.attacker.example', authorization_endpoint: 'https://as.attacker.example/a', token_endpoint: 'http://127.0.0.1:2375/token', response_types_supported: ['code'] },
    };
    assert.equal(authorizationServerProblem(discovery as never), undefined, 'Elbow accepts this authorization server');
    const seen: Seen[] = [];
    const base = stub({ 'https://mcp.attacker.example/mcp': () => new Response(null, { status: 303, headers: { location: 'http://127.0.0.1:2375/containers/json' } }) }, seen);
    const guarded = connectingFetch('https://mcp.attacker.example/mcp', async () => originsOf(discovery), base);
    // Connecting on its own, no user involved: the guard must keep it on the server's origin.
    await assert.rejects(guarded('https://mcp.attacker.example/mcp', { method: 'POST', body: '{}' }), 'a redirect into the loopback must be refused');
    assert.deepEqual(seen.map((s) => s.url), ['https://mcp.attacker.example/mcp']);
  });

  it('follows a server configured as http:// that redirects to https on the same host, as the SDK does', async () => {
    const seen: Seen[] = [];
    const base = stub({
      'http://mcp.example.com/mcp': () => new Response(null, { status: 308, headers: { location: 'https://mcp.example.com/mcp' } }),
      'https://mcp.example.com/mcp': () => new Response('{}', { status: 200 }),
    }, seen);
    const guarded = connectingFetch('http://mcp.example.com/mcp', () => Promise.resolve([]), base);
    const response = await guarded('http://mcp.example.com/mcp', { method: 'POST', body: '{}' });
    assert.equal(response.status, 200);
  });
});
