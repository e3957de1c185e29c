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
});
