import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { EVERYTHING } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'close-in-flight-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// A call the program's own close() ended read "\"mine\" was stopped while starting: start it again",
// as if something else had stopped the server: it now says the program closed the connection.
describe('a call in flight when the program closes', () => {
  it('starting or answering, is answered with the close', async () => {
    for (const connected of [false, true]) {
      const home = await passphraseHome(ENV, 'cs-close-in-flight-');
      const cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { mine: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
      await cs.approveServer('mine');
      if (connected) expect((await cs.connect('mine')).state).toBe('ready');
      const call = cs.callTool('mine', 'trigger-long-running-operation', { duration: 30, steps: 3 }).catch((error: unknown) => error);
      await cs.close();
      expect(await call, connected ? 'answering' : 'starting').toMatchObject({
        code: 'server_unavailable',
        message: 'This connection to Connected Services was closed while the call ran',
        hint: 'Call before close(), or open it again with openConnectedServices',
      });
    }
  }, 120_000);
});
