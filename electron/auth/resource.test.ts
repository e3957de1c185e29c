import { describe, expect, it } from 'vitest';
import { canonicalResource, resourceCovers } from './resource';

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

describe('resourceCovers', () => {
  it('accepts the server itself or a parent on the same origin', () => {
    expect(resourceCovers('https://mcp.example.com/mcp', 'https://mcp.example.com/mcp')).toBe(true);
    expect(resourceCovers('https://mcp.example.com/', 'https://mcp.example.com/mcp')).toBe(true);
    expect(resourceCovers('https://mcp.example.com', 'https://mcp.example.com/v1/mcp')).toBe(true);
  });
  it('refuses other origins, sibling paths and partial segments', () => {
    expect(resourceCovers('https://evil.example.com/mcp', 'https://mcp.example.com/mcp')).toBe(false);
    expect(resourceCovers('https://mcp.example.com/other', 'https://mcp.example.com/mcp')).toBe(false);
    expect(resourceCovers('https://mcp.example.com/mc', 'https://mcp.example.com/mcp')).toBe(false);
    expect(resourceCovers('http://mcp.example.com/mcp', 'https://mcp.example.com/mcp')).toBe(false);
    expect(resourceCovers('not a url', 'https://mcp.example.com/mcp')).toBe(false);
  });
});
