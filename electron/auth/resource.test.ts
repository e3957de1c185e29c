import { describe, expect, it } from 'vitest';
import { canonicalResource, resourceAllowed } from './resource';

describe('canonicalResource', () => {
  it.each([
    ['HTTPS://MCP.Example.com:443/mcp/', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com/mcp#frag', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com', 'https://mcp.example.com/'],
    ['http://127.0.0.1:3000/a/b', 'http://127.0.0.1:3000/a/b'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalResource(input)).toBe(expected);
  });
});

describe('resourceAllowed (RFC 9728 §3.3)', () => {
  const server = 'https://mcp.example.com/v1/mcp';
  it('accepts the server URL itself, canonically (case, default port, a trailing slash)', () => {
    for (const rule of ['server', 'origin'] as const) {
      expect(resourceAllowed('https://mcp.example.com/v1/mcp', server, rule)).toBe(true);
      expect(resourceAllowed('https://MCP.example.com:443/v1/mcp/', server, rule)).toBe(true);
    }
  });
  it('refuses a parent (the origin or a parent path) for challenge and path-inserted metadata', () => {
    expect(resourceAllowed('https://mcp.example.com/', server, 'server')).toBe(false);
    expect(resourceAllowed('https://mcp.example.com', server, 'server')).toBe(false);
    expect(resourceAllowed('https://mcp.example.com/v1', server, 'server')).toBe(false);
  });
  it('accepts the origin, and only the origin, for the root well-known metadata', () => {
    expect(resourceAllowed('https://mcp.example.com/', server, 'origin')).toBe(true);
    expect(resourceAllowed('https://mcp.example.com', server, 'origin')).toBe(true);
    expect(resourceAllowed('https://mcp.example.com/v1', server, 'origin')).toBe(false);
  });
  it('refuses other origins, sibling and child paths, queries, fragments and non-URLs', () => {
    for (const rule of ['server', 'origin'] as const) {
      expect(resourceAllowed('https://evil.example.com/v1/mcp', server, rule)).toBe(false);
      expect(resourceAllowed('http://mcp.example.com/v1/mcp', server, rule)).toBe(false);
      expect(resourceAllowed('https://mcp.example.com/v1/other', server, rule)).toBe(false);
      expect(resourceAllowed('https://mcp.example.com/v1/mc', server, rule)).toBe(false);
      expect(resourceAllowed('https://mcp.example.com/v1/mcp/sub', server, rule)).toBe(false);
      expect(resourceAllowed('https://mcp.example.com/v1/mcp?x=1', server, rule)).toBe(false);
      expect(resourceAllowed('https://mcp.example.com/v1/mcp#f', server, rule)).toBe(false);
      expect(resourceAllowed('not a url', server, rule)).toBe(false);
    }
  });
});
