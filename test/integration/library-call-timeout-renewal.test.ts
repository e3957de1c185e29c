import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { startSessionExpiryServer, type SessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'call-timeout-renewal-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// A call given timeoutMs whose HTTP session had expired (HTTP 404) waited for the new session's whole
// start, however long, before its own time was even looked at again.
describe("a program's call timeout over its server's new session", () => {
  let cs: ConnectedServices | undefined;
  let server: SessionExpiryServer | undefined;
  afterEach(async () => {
    await cs?.close();
    await server?.close();
    cs = undefined;
    server = undefined;
  });

  it('ends the call when its time passes while the new session starts, saying so; the new session goes on for the next call', async () => {
    server = await startSessionExpiryServer();
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-call-timeout-renewal-'), env: { ...process.env, ...ENV }, servers: { memo: { type: 'http', url: server.url } } });
    await cs.approveServer('memo');
    expect(await cs.callTool('memo', 'echo', { text: 'before' })).toMatchObject({ content: [{ type: 'text', text: 'before' }] });
    expect(server.initializes).toBe(1);

    // Forgotten without a word (the GET stream stays open): the call's own request finds out by its 404.
    server.expireQuietly();
    const letGo = server.holdNewSessions();
    await expect(cs.callTool('memo', 'echo', { text: 'late' }, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'tool "echo" on "memo" did not answer within 1 s: "memo" was still starting a new session',
    });
    expect(server.refused).toBeGreaterThan(0);

    // The new session was not given up: let go, it serves the next call, and no third one is started.
    letGo();
    expect(await cs.callTool('memo', 'echo', { text: 'after' })).toMatchObject({ content: [{ type: 'text', text: 'after' }] });
    expect(server.initializes).toBe(2);
    // Ready once the new session's start has finished its listing, which may come just after the call.
    const open = cs;
    await waitFor('memo ready', async () => (await open.listServers()).find((s) => s.name === 'memo')?.state === 'ready', 30_000);
  }, 120_000);
});
