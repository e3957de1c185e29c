import { describe, expect, it } from 'vitest';
import { MAX_CHALLENGE_SCOPES, parseBearerChallenge } from './www-authenticate';

describe('parseBearerChallenge', () => {
  it('reads the RFC 9728 and RFC 6750 parameters', () => {
    expect(
      parseBearerChallenge('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", scope="files:read files:write"'),
    ).toEqual({ resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp', scope: ['files:read', 'files:write'] });
  });

  it('reads error, description (with escapes and commas) and token values', () => {
    expect(parseBearerChallenge('bearer error=insufficient_scope, error_description="needs \\"admin\\", sorry", scope="a"')).toEqual({
      error: 'insufficient_scope',
      errorDescription: 'needs "admin", sorry',
      scope: ['a'],
    });
  });

  it('finds Bearer among several challenges', () => {
    expect(parseBearerChallenge('Basic realm="x", Bearer realm="api", error="invalid_token", DPoP algs="ES256"')).toEqual({ error: 'invalid_token' });
  });

  it('is undefined without a Bearer challenge', () => {
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge(null)).toBeUndefined();
    expect(parseBearerChallenge('')).toBeUndefined();
  });

  it('a bare Bearer is an empty challenge', () => {
    expect(parseBearerChallenge('Bearer')).toEqual({});
  });

  it('keeps at most 64 distinct scopes of a challenge, none longer than 256 characters (a server could send thousands)', () => {
    const many = Array.from({ length: 2000 }, (_, i) => `s${i}`).join(' ');
    const parsed = parseBearerChallenge(`Bearer error="insufficient_scope", scope="a a ${'x'.repeat(300)} ${many}"`);
    expect(parsed?.scope).toHaveLength(MAX_CHALLENGE_SCOPES);
    expect(parsed?.scope?.slice(0, 3)).toEqual(['a', 's0', 's1']);
  });
});
