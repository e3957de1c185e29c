import { describe, expect, it } from 'vitest';
import { authServerMetadataCandidates, resourceMetadataCandidates } from './discovery';

describe('discovery order (MCP authorization 2025-11-25)', () => {
  it('protected resource metadata: challenge URL, path-inserted, root; only the root may name the origin', () => {
    expect(resourceMetadataCandidates('https://mcp.example.com/public/mcp', { resourceMetadata: 'https://mcp.example.com/prm' })).toEqual([
      { url: 'https://mcp.example.com/prm', rule: 'server' },
      { url: 'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp', rule: 'server' },
      { url: 'https://mcp.example.com/.well-known/oauth-protected-resource', rule: 'origin' },
    ]);
    expect(resourceMetadataCandidates('https://mcp.example.com/', undefined)).toEqual([{ url: 'https://mcp.example.com/.well-known/oauth-protected-resource', rule: 'origin' }]);
  });

  it('a challenge naming the root document: tried first for the server itself, and last as the root', () => {
    const root = 'https://mcp.example.com/.well-known/oauth-protected-resource';
    expect(resourceMetadataCandidates('https://mcp.example.com/mcp', { resourceMetadata: root })).toEqual([
      { url: root, rule: 'server' },
      { url: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp', rule: 'server' },
      { url: root, rule: 'origin' },
    ]);
  });

  it('authorization server metadata for an issuer with a path', () => {
    expect(authServerMetadataCandidates('https://auth.example.com/tenant1')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('authorization server metadata for an issuer without a path', () => {
    expect(authServerMetadataCandidates('https://auth.example.com')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });
});
