import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack } from '../support/oauth-stack';
import { startTokenApi } from '../fixtures/stdio-auth/token-api';
import { tsEntry } from '../support/ts-entry';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'stdio auth cli passphrase' };
const ENV_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token-env-server.ts', import.meta.url));
const FILE_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token_file_server.py', import.meta.url));

describe('CLI: a program on this computer that signs in', () => {
  it('connect signs in, calls get the token, status shows no secret, disconnect --revoke ends the grant', async () => {
    const { stack, child } = await startStack({ as: { rotateRefreshTokens: false } });
    const api = await startTokenApi(stack.issuer);
    try {
      const home = await passphraseHome(PASSPHRASE);
      mkdirSync(home, { recursive: true, mode: 0o700 });
      const auth = { issuer: stack.issuer, clientId: 'pre-public', scopes: ['openid', 'offline_access'] };
      writeFileSync(
        join(home, 'mcp.json'),
        JSON.stringify({
          mcpServers: {
            mail: { command: process.execPath, args: tsEntry(ENV_SERVER), cwd: ROOT, env: { API_TOKEN: '${token}', API_URL: api.url }, auth: { type: 'oauth', ...auth } },
            drive: {
              command: 'python3',
              args: [FILE_SERVER],
              env: { API_URL: api.url, TOKEN_FORMAT: 'google_authorized_user' },
              credentialFile: { env: 'TOKEN_FILE', format: 'google_authorized_user' },
              auth: { type: 'oauth', ...auth },
            },
          },
        }),
      );
      const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
      expect((await cli(['servers', 'approve', 'mail'])).code).toBe(0);
      expect((await cli(['servers', 'approve', 'drive'])).code).toBe(0);

      const before = await cli(['call', 'mail', 'whoami', '{}']);
      expect(before.code).toBe(5);
      expect(before.stderr).toContain('error [auth_required]');
      expect(before.stderr).toContain('connected-services connect mail');
      expect(api.requests).toHaveLength(0);

      const connect = await cli(['connect', 'mail', '--open-with', BROWSER]);
      expect(connect.code, connect.stderr).toBe(0);
      expect(connect.stdout).toContain('mail: ready');
      const call = await cli(['call', 'mail', 'whoami', '{}']);
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout).toContain('"sub":"test-user"');
      const token = api.requests.at(-1)?.token ?? '';
      expect(token).not.toBe('');
      const status = await cli(['status', '--json']);
      expect(status.stdout).toContain('"mail"');
      expect(status.stdout).not.toContain(token);

      // Google's format: the person is told the refresh token leaves the vault; the program refreshes by itself.
      const drive = await cli(['connect', 'drive', '--open-with', BROWSER]);
      expect(drive.code, drive.stderr).toBe(0);
      expect(drive.stdout).toContain('it leaves the vault for that program');
      const driveCall = await cli(['call', 'drive', 'whoami', '{}']);
      expect(driveCall.code, driveCall.stderr).toBe(0);
      expect(driveCall.stdout).toMatch(/"sub": ?"test-user"/);

      // drive signed in with the same client at the same issuer: while it holds tokens, revoking mail's
      // would end a grant drive may share (docs/sign-in.md), so drive is disconnected first.
      expect((await cli(['disconnect', 'drive'])).code).toBe(0);
      const disconnect = await cli(['disconnect', 'mail', '--revoke']);
      expect(disconnect.stdout).toContain('Disconnected mail and revoked its tokens.');
      // The revoked token no longer works anywhere.
      expect((await fetch(api.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      const after = await cli(['call', 'mail', 'whoami', '{}']);
      expect(after.code).toBe(5);
      expect(after.stderr).toContain('connected-services connect mail');
      for (const text of [before.stderr, connect.stdout, connect.stderr, call.stderr, disconnect.stdout, after.stderr]) expect(text).not.toContain(token);
    } finally {
      await api.close();
      child.stdin?.end();
      child.kill();
    }
  }, 120_000);
});
