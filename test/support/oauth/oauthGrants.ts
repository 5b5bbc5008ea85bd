import { randomBytes } from 'node:crypto';

export interface RegisteredClient {
  client_id: string;
  /** Absent for a public client (`token_endpoint_auth_method: none`). */
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none' | 'client_secret_post' | 'client_secret_basic';
  grant_types: string[];
  response_types: string[];
  client_name?: string;
  scope?: string;
  client_id_issued_at: number;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
  expiresAt: number;
  used: boolean;
  /** The grant the tokens it was exchanged for belong to, to revoke them when the code is replayed. */
  grantId: string;
}

export interface IssuedToken {
  kind: 'access' | 'refresh';
  clientId: string;
  subject: string;
  scope: string;
  /** RFC 8707: the one resource (audience) the token is for. */
  resource: string;
  grantId: string;
  /** Access tokens only. */
  expiresAt?: number;
  revoked: boolean;
  /** Refresh tokens only: spent by a rotation. */
  rotated?: boolean;
}

/** Opaque, unguessable values (codes, tokens, client ids). */
export function opaque(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** What the test authorization server has handed out, and the grants they belong to. */
export class OAuthGrants {
  readonly clients = new Map<string, RegisteredClient>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly tokens = new Map<string, IssuedToken>();

  issueCode(code: Omit<AuthorizationCode, 'used' | 'grantId' | 'expiresAt'>): string {
    const value = opaque('code');
    this.codes.set(value, { ...code, used: false, grantId: opaque('grant'), expiresAt: Date.now() + 60_000 });
    return value;
  }

  /** An access token and a refresh token for one grant. */
  issueTokens(grant: { clientId: string; subject: string; scope: string; resource: string; grantId: string }, lifetimeSeconds: number): { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string } {
    const access = opaque('at');
    const refresh = opaque('rt');
    this.tokens.set(access, { kind: 'access', ...grant, expiresAt: Date.now() + lifetimeSeconds * 1000, revoked: false });
    this.tokens.set(refresh, { kind: 'refresh', ...grant, revoked: false });
    return { access_token: access, token_type: 'Bearer', expires_in: lifetimeSeconds, refresh_token: refresh, scope: grant.scope };
  }

  revokeGrant(grantId: string): void {
    for (const token of this.tokens.values()) if (token.grantId === grantId) token.revoked = true;
  }

  revokeAll(): void {
    for (const token of this.tokens.values()) token.revoked = true;
  }

  /** Every access token issued so far is past its lifetime (refresh tokens stay good). */
  expireAll(): void {
    for (const token of this.tokens.values()) if (token.kind === 'access') token.expiresAt = Date.now() - 1;
  }

  /** A usable access token for `resource`, or why not (the resource server's check). */
  validate(value: string, resource: string): { token: IssuedToken } | { problem: string } {
    const token = this.tokens.get(value);
    if (token === undefined || token.kind !== 'access') return { problem: 'The access token is not known.' };
    if (token.revoked) return { problem: 'The access token was revoked.' };
    if ((token.expiresAt ?? 0) <= Date.now()) return { problem: 'The access token expired.' };
    if (token.resource !== resource) return { problem: `The access token is for ${token.resource}, not this resource.` };
    return { token };
  }
}
