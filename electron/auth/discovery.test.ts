import { describe, expect, it } from 'vitest';
import { authServerMetadataCandidates, resourceMetadataCandidates } from './discovery';

describe('discovery order (MCP authorization 2025-11-25)', () => {
  it('protected resource metadata: challenge URL, path-inserted, root', () => {
    expect(resourceMetadataCandidates('https://mcp.example.com/public/mcp', { resourceMetadata: 'https://mcp.example.com/prm' })).toEqual([
      'https://mcp.example.com/prm',
      'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
    expect(resourceMetadataCandidates('https://mcp.example.com/', undefined)).toEqual(['https://mcp.example.com/.well-known/oauth-protected-resource']);
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
