import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { tempHome } from '../support/cli';

describe('the library after close()', () => {
  // Listings answered stale rows and the vault `internal "The vault is closed"`.
  it('refuses every call as closed, in this process', async () => {
    const cs = await openConnectedServices({
      home: tempHome('cs-library-closed-'),
      env: { ...process.env, CONNECTED_SERVICES_PASSPHRASE: 'library-closed-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' },
      servers: { mine: { command: process.execPath, args: ['-e', ''] } },
    });
    expect((await cs.listServers()).length).toBeGreaterThan(0);
    await cs.close();
    const closed = { code: 'server_unavailable', message: 'This connection to Connected Services was closed' };
    await expect(cs.listServers()).rejects.toMatchObject(closed);
    await expect(cs.listSecrets()).rejects.toMatchObject(closed);
    await expect(cs.api.status({})).rejects.toMatchObject(closed);
    await cs.close();
  }, 60_000);
});
