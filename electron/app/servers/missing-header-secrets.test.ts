import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { secretKey, type Vault, type VaultKey } from '../../../shared/vault';
import { missingHeaderSecrets } from './missing-header-secrets';

const SERVERS: Record<string, ServerConfig> = {
  scoped: { type: 'http', url: 'https://a.example/mcp', headers: { Authorization: 'Bearer ${secret:OWN}' } },
  shared: { type: 'http', url: 'https://b.example/mcp', headers: { 'X-Key': '${secret:SHARED}', 'X-Other': '${secret:GONE}', 'X-Store': '${secret:pass:work/key}' } },
  local: { command: 'node', env: { KEY: '${secret:NOT_A_HEADER}' } },
};

function vaultWith(keys: VaultKey[], state: 'ready' | 'locked' = 'ready'): Vault {
  return { health: () => ({ state }), keys: () => Promise.resolve(keys) } as unknown as Vault;
}

describe('missingHeaderSecrets', () => {
  it("names only HTTP headers' vault secrets held neither for the server nor for every server", async () => {
    const vault = vaultWith([secretKey('OWN', 'scoped'), secretKey('SHARED')]);
    const result = await missingHeaderSecrets({ config: () => ({ mcpServers: SERVERS }) }, vault);
    expect(result.missingHeaderSecrets).toEqual([
      { server: 'shared', header: 'X-Other', name: 'GONE', reference: '${secret:GONE}', fix: 'connected-services secrets set GONE' },
    ]);
  });

  it('a secret scoped to another server does not count', async () => {
    const result = await missingHeaderSecrets({ config: () => ({ mcpServers: { scoped: SERVERS['scoped']! } }) }, vaultWith([secretKey('OWN', 'shared')]));
    expect(result.missingHeaderSecrets?.map((g) => g.name)).toEqual(['OWN']);
  });

  it('says nothing while the vault is locked (it cannot tell missing)', async () => {
    expect(await missingHeaderSecrets({ config: () => ({ mcpServers: SERVERS }) }, vaultWith([], 'locked'))).toEqual({});
  });
});
