import { describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { MAX_LISTING_FLOOD_DEPTH } from '../../electron/pool/listing-depth';
import { deepListingServer } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'deep-listing' };

// The SDK checks a listing against its schemas by recursion: one 1,500 levels deep ran it out of stack.
describe("a server's listing nested without end, from our SDK server over stdio", () => {
  it('is refused before the SDK reads it: connect says so, and the server stops in error showing it', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-deep-listing-');
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    try {
      await core.api.addServer({ name: 'deep', config: deepListingServer(1500) });
      await core.api.approveServer({ name: 'deep' });
      const failed = await core.api.connect({ name: 'deep' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(failed)).toContain(`"deep" sent a listing nested deeper than ${MAX_LISTING_FLOOD_DEPTH} levels`);
      expect(String(failed)).not.toContain('Maximum call stack');
      const status = await waitFor('deep in error', async () => {
        const server = (await core.api.status({})).servers.find((s) => s.name === 'deep');
        return server?.state === 'error' ? server : undefined;
      });
      expect(status.lastError?.message).toContain(`nested deeper than ${MAX_LISTING_FLOOD_DEPTH} levels`);
      expect(await core.api.listTools({ server: 'deep' }).catch(() => [])).toEqual([]);

      // A schema nested as deep as real ones is listed as ever.
      await core.api.addServer({ name: 'usual', config: deepListingServer(40) });
      await core.api.approveServer({ name: 'usual' });
      await core.api.connect({ name: 'usual' });
      expect((await core.api.listTools({ server: 'usual' })).map((t) => t.name).sort()).toEqual(['deep', 'plain']);
    } finally {
      await core.close();
    }
  }, 120_000);
});
