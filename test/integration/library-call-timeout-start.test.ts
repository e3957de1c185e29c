import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { faultServer } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'call-timeout-start-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// A call given timeoutMs waited for its server's whole start (up to 30 s) before its own time even began.
describe("a program's call timeout over its server's start", () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('ends the call when its time passes during the start, saying so; the start goes on for the next call', async () => {
    const slow = faultServer('normal', { START_DELAY_MS: '6000' }, { startupTimeoutMs: 60_000 });
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-call-timeout-start-'), env: { ...process.env, ...ENV }, servers: { slow } });
    await cs.approveServer('slow');
    await expect(cs.callTool('slow', 'slow', { ms: 0 }, { timeoutMs: 1_000 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'tool "slow" on "slow" did not answer within 1 s: "slow" was still starting',
      hint: "this call gave itself 1 s: retry with a longer timeout (the call's `timeoutMs`), one its server's start fits in as well",
    });
    // Not a failed start: the server is still on its way up, and a call without a limit of its own gets its answer.
    expect((await cs.listServers()).find((s) => s.name === 'slow')?.state).toBe('starting');
    expect(await cs.callTool('slow', 'slow', { ms: 0 })).toMatchObject({ content: [{ type: 'text', text: 'slept 0' }] });
  }, 120_000);
});
