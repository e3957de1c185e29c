import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';
import { EVERYTHING } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-first-listing-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** The docs' first example: approve, then list; the listing starts a server never seen once, as `tools NAME` does. */
describe("the library's first listing of a server", () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('starts an approved server never inventoried and answers its tools; a listing of every server starts none', async () => {
    const entry = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-library-first-'), env: { ...process.env, ...ENV }, servers: { mine: entry, other: entry } });
    await cs.approveServer('mine');
    await cs.approveServer('other');
    expect((await cs.listTools()).filter((t) => t.server === 'other')).toEqual([]);
    expect((await cs.listTools('mine')).map((t) => t.name)).toContain('echo');
    expect((await cs.listPrompts('other')).map((p) => p.name)).toContain('simple-prompt');
  }, 120_000);

  it('rejects the listing of a server waiting for approval, or disabled, saying why, instead of an empty list', async () => {
    const entry = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-library-first-'), env: { ...process.env, ...ENV }, servers: { waiting: entry } });
    await expect(cs.listTools('waiting')).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('waiting for your approval') as unknown });
    await expect(cs.listResources('waiting')).rejects.toMatchObject({ code: 'denied' });
    await cs.addServer('off', { ...entry, enabled: false });
    await expect(cs.listPrompts('off')).rejects.toMatchObject({ message: expect.stringContaining('disabled') as unknown });
  }, 120_000);
});
