import { describe, expect, it } from 'vitest';
import { appCsp } from './app-csp';
import { localSourcesOnly } from './local-sources';

const OWN = ['http://127.0.0.1:38111/mcp', 'http://127.0.0.1:4242', 'http://127.0.0.1:5151'];
const declared = {
  connectDomains: ['https://api.example.com', 'http://127.0.0.1:9000', 'http://localhost:2375', 'ws://127.0.0.1:9222', 'https://127.0.0.1:8443', 'http://127.0.0.1:38111', 'http://0.0.0.0:6379'],
  resourceDomains: ['http://[::1]:8080', 'https://cdn.example.com'],
};

describe('localSourcesOnly', () => {
  it("a remote server's app keeps no loopback source, and the note names each one dropped", () => {
    const { declared: kept, dropped } = localSourcesOnly(declared, { kind: 'http', url: 'https://mcp.example.com/mcp' }, OWN);
    expect(kept?.connectDomains).toEqual(['https://api.example.com']);
    expect(kept?.resourceDomains).toEqual(['https://cdn.example.com']);
    expect(dropped).toEqual(expect.arrayContaining(['http://localhost:2375', 'ws://127.0.0.1:9222', 'https://127.0.0.1:8443', 'http://0.0.0.0:6379', 'http://[::1]:8080']));
    expect(appCsp(kept, [])).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0/);
  });

  it("a stdio server's app keeps loopback sources, but never the product's own ports", () => {
    const { declared: kept, dropped } = localSourcesOnly(declared, { kind: 'stdio' }, OWN);
    expect(kept?.connectDomains).toContain('http://localhost:2375');
    expect(kept?.connectDomains).not.toContain('http://127.0.0.1:38111');
    expect(dropped).toEqual(['http://127.0.0.1:38111']);
  });

  it("an HTTP server on loopback keeps only its own origin", () => {
    const { declared: kept } = localSourcesOnly(declared, { kind: 'http', url: 'http://127.0.0.1:9000/mcp' }, OWN);
    expect(kept?.connectDomains).toEqual(['https://api.example.com', 'http://127.0.0.1:9000']);
  });

  it('an app of a server not known keeps none; nothing declared stays nothing', () => {
    expect(localSourcesOnly(declared, undefined, OWN).declared?.connectDomains).toEqual(['https://api.example.com']);
    expect(localSourcesOnly(undefined, { kind: 'stdio' }, OWN)).toEqual({ declared: undefined, dropped: [] });
  });
});
