import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const env = { CONNECTED_SERVICES_PASSPHRASE: 'client room' };

// With the app running, an add goes to the person for confirmation: a client that leaves our own
// tools' names past 64 characters is refused before that, not after the person confirmed it.
describe('agents add --for with the app running', () => {
  it('refuses a client without room for our tool names at once, asking no one', async () => {
    const home = await passphraseHome(env, 'cs-agent-room-');
    const served = await startServe(home, [], env);
    try {
      const refused = await runCli(home, ['agents', 'add', 'eighteen-char-name', '--for', 'claude-code', '--tool-mode', 'search'], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('and ours need 21');
      expect(refused.stderr).toContain('at most 17 characters');
      expect(refused.stderr).not.toContain('Waiting for confirmation');
      const pending = await served.api('listConfirmations', {});
      expect(JSON.stringify(pending.body.result ?? pending.body)).not.toContain('eighteen-char-name');
    } finally {
      await served.stop();
    }
  }, 120_000);
});
