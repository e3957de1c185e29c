import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack } from '../support/oauth-stack';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'oauth cli revoke passphrase' };

describe('disconnect --revoke tells the truth', () => {
  it('says the tokens were deleted but not revoked when the authorization server cannot revoke', async () => {
    const { stack, child } = await startStack({ as: { metadataOverrides: { revocation_endpoint: null } } });
    try {
      const home = await passphraseHome(PASSPHRASE);
      const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
      expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);
      expect((await cli(['connect', 'notes', '--open-with', BROWSER])).code).toBe(0);
      const disconnect = await cli(['disconnect', 'notes', '--revoke']);
      expect(disconnect.code).toBe(0);
      expect(disconnect.stdout).not.toContain('revoked its tokens');
      expect(disconnect.stdout).toContain(
        `Disconnected notes: the tokens were deleted here but not revoked: its authorization server offers no revocation endpoint; the grant may still be live at ${stack.issuer}.`,
      );
      expect((await cli(['call', 'notes', 'echo', '{"text":"hi"}'])).code).toBe(5);
    } finally {
      child.stdin?.end();
      child.kill();
    }
  });

  it('says why when the revocation failed', async () => {
    // Port 9 (discard) refuses connections on the test machine's loopback.
    const { stack, child } = await startStack({ as: { metadataOverrides: { revocation_endpoint: 'http://127.0.0.1:9/revoke' } } });
    try {
      const home = await passphraseHome(PASSPHRASE);
      const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
      expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);
      expect((await cli(['connect', 'notes', '--open-with', BROWSER])).code).toBe(0);
      const disconnect = await cli(['disconnect', 'notes', '--revoke']);
      expect(disconnect.code).toBe(0);
      expect(disconnect.stdout).toMatch(/Disconnected notes: the tokens were deleted here but not revoked: Could not reach the authorization server while revoking its tokens: .+; the grant may still be live at /);
      expect(disconnect.stdout).toContain(`the grant may still be live at ${stack.issuer}.`);
    } finally {
      child.stdin?.end();
      child.kill();
    }
  });
});
