import { describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import { checkConfiguredIssuer, wellKnownIssuer } from './configured-issuer';
import { discoverNamedIssuer } from './issuer-discovery';

function refusal(url: string, claimed: string): CodedError | undefined {
  try {
    checkConfiguredIssuer('h2', url, claimed);
    return undefined;
  } catch (error) {
    return error as CodedError;
  }
}

describe('checkConfiguredIssuer (RFC 8414 §3.3 for a configured metadata URL)', () => {
  it('derives the issuer of each well-known form', () => {
    expect(wellKnownIssuer('https://as.example/.well-known/oauth-authorization-server')).toBe('https://as.example');
    expect(wellKnownIssuer('https://as.example/.well-known/oauth-authorization-server/t1')).toBe('https://as.example/t1');
    expect(wellKnownIssuer('https://as.example/.well-known/openid-configuration/t1')).toBe('https://as.example/t1');
    expect(wellKnownIssuer('https://as.example/t1/v2/.well-known/openid-configuration')).toBe('https://as.example/t1/v2');
    expect(wellKnownIssuer('https://as.example/as-meta')).toBeUndefined();
  });

  it('a well-known URL must name exactly its issuer; it is then the issuer\'s own discovery', () => {
    expect(checkConfiguredIssuer('h2', 'https://as.example/.well-known/oauth-authorization-server', 'https://as.example')).toBeUndefined();
    expect(checkConfiguredIssuer('h2', 'https://as.example/.well-known/oauth-authorization-server', 'https://as.example/')).toBeUndefined();
    expect(checkConfiguredIssuer('h2', 'https://as.example/t1/.well-known/openid-configuration', 'https://as.example/t1')).toBeUndefined();
    const other = refusal('http://127.0.0.1:45902/.well-known/oauth-authorization-server', 'http://127.0.0.1:45901');
    expect(other).toMatchObject({ code: 'invalid_config', data: { claimedIssuer: 'http://127.0.0.1:45901' } });
    expect(other?.message).toContain('claims the issuer http://127.0.0.1:45901');
    expect(other?.message).toContain('may only name the issuer http://127.0.0.1:45902');
    expect(other?.hint).toContain('http://127.0.0.1:45901/.well-known/oauth-authorization-server');
    // Same origin, another tenant: still not the issuer this URL was built from.
    expect(refusal('https://as.example/.well-known/openid-configuration/t1', 'https://as.example/t2')?.code).toBe('invalid_config');
  });

  it('any other URL must name an issuer of its own origin, and is then told apart from discovery', () => {
    expect(checkConfiguredIssuer('h2', 'http://127.0.0.1:45902/as-meta', 'http://127.0.0.1:45902')).toBe('http://127.0.0.1:45902/as-meta');
    expect(checkConfiguredIssuer('h2', 'https://as.example/meta?x=1', 'https://as.example/tenant')).toBe('https://as.example/meta?x=1');
    const other = refusal('http://127.0.0.1:45902/as-meta', 'http://127.0.0.1:45901');
    expect(other?.code).toBe('invalid_config');
    expect(other?.message).toContain('may only name an issuer on http://127.0.0.1:45902');
    expect(refusal('http://127.0.0.1:45902/as-meta', 'not a url')?.code).toBe('invalid_config');
  });

  it('refuses multi-tenant metadata whose issuer is a template, with a hint to use the tenant\'s own', () => {
    const common = refusal('https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration', 'https://login.microsoftonline.com/{tenantid}/v2.0');
    expect(common?.code).toBe('invalid_config');
    expect(common?.hint).toContain('multi-tenant metadata whose issuer is a template');
    expect(common?.hint).toContain('your own tenant');
    expect(refusal('http://127.0.0.1:45902/as-meta', 'http://127.0.0.1:45901')?.hint).not.toContain('multi-tenant');
  });
});

describe('discoverNamedIssuer with a configured metadata URL', () => {
  it('refuses metadata claiming another issuer than its URL was built from', async () => {
    const metadata = { issuer: 'http://127.0.0.1:45901', authorization_endpoint: 'http://127.0.0.1:45902/authorize', token_endpoint: 'http://127.0.0.1:45902/token' };
    const fetch: FetchLike = () => Promise.resolve(new Response(JSON.stringify(metadata), { status: 200, headers: { 'content-type': 'application/json' } }));
    const auth = { type: 'oauth' as const, authServerMetadataUrl: 'http://127.0.0.1:45902/.well-known/oauth-authorization-server' };
    await expect(discoverNamedIssuer({ server: 'h2', auth, fetch })).rejects.toMatchObject({ code: 'invalid_config', data: { claimedIssuer: 'http://127.0.0.1:45901' } });
    const own = { ...metadata, issuer: 'http://127.0.0.1:45902' };
    const ownFetch: FetchLike = () => Promise.resolve(new Response(JSON.stringify(own), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(discoverNamedIssuer({ server: 'h2', auth, fetch: ownFetch })).resolves.toMatchObject({ issuer: 'http://127.0.0.1:45902' });
  });
});
