import { describe, expect, it } from 'vitest';
import { nearSourcesDropped } from './near-sources';

const DECLARED = {
  connectDomains: [
    'https://api.shop.example',
    'https://192.168.1.1',
    'https://10.0.0.138:8443',
    'wss://172.17.0.1:2376',
    'https://[fd00::1]',
    'https://169.254.169.254',
    'https://127.0.0.1.nip.io:2376',
    'https://*.nip.io',
    'https://localtest.me:8443',
    'https://8.8.8.8',
  ],
  resourceDomains: ['https://*.cdn.example', 'https://100.64.0.1'],
};

describe('sources an app declares nearer than its server', () => {
  it('a remote server: LAN addresses, link-local, metadata and address-echo names are dropped; public ones kept', () => {
    const { declared, dropped } = nearSourcesDropped(DECLARED, { kind: 'http', url: 'https://mcp.shop.example/mcp' });
    expect(declared?.connectDomains).toEqual(['https://api.shop.example', 'https://8.8.8.8']);
    expect(declared?.resourceDomains).toEqual(['https://*.cdn.example']);
    expect(dropped).toEqual([
      'https://192.168.1.1',
      'https://10.0.0.138:8443',
      'wss://172.17.0.1:2376',
      'https://[fd00::1]',
      'https://169.254.169.254',
      'https://127.0.0.1.nip.io:2376',
      'https://*.nip.io',
      'https://localtest.me:8443',
      'https://100.64.0.1',
    ]);
  });

  it('a server on the LAN keeps LAN sources; a local program keeps them too; metadata never', () => {
    for (const place of [{ kind: 'http' as const, url: 'http://192.168.1.20:8080/mcp' }, { kind: 'stdio' as const }]) {
      const { declared, dropped } = nearSourcesDropped(DECLARED, place);
      expect(declared?.connectDomains).toContain('https://192.168.1.1');
      expect(dropped).toContain('https://169.254.169.254');
      expect(dropped).toContain('https://*.nip.io');
    }
  });

  it('an unknown server counts as remote, and nothing declared is nothing dropped', () => {
    expect(nearSourcesDropped(DECLARED, undefined).declared?.connectDomains).toEqual(['https://api.shop.example', 'https://8.8.8.8']);
    expect(nearSourcesDropped(undefined, undefined)).toEqual({ declared: undefined, dropped: [] });
  });

  it('local-network names and hosts ending in a number are dropped for a remote server, and told', () => {
    const local = ['https://*.local', 'https://printer.local:631', 'https://*.lan', 'wss://nas.home.arpa', 'https://*.internal', 'https://git.corp'];
    const numeric = ['https://*.0.1:8443', 'https://*.0.0.1', 'https://*.254.169.254', 'https://127.1'];
    const declared = { connectDomains: [...local, ...numeric, 'https://api.shop.example'], frameDomains: ['https://*.home.arpa'] };
    const remote = nearSourcesDropped(declared, { kind: 'http', url: 'https://mcp.shop.example/mcp' });
    expect(remote.declared?.connectDomains).toEqual(['https://api.shop.example']);
    expect(remote.declared?.frameDomains).toEqual([]);
    expect(remote.dropped).toEqual([...local, ...numeric, 'https://*.home.arpa']);
    for (const place of [{ kind: 'http' as const, url: 'http://192.168.1.20:8080/mcp' }, { kind: 'stdio' as const }]) {
      const near = nearSourcesDropped(declared, place);
      expect(near.declared?.connectDomains).toEqual([...local, 'https://api.shop.example']);
      expect(near.dropped).toEqual(numeric);
    }
  });
});
