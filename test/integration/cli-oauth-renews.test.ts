import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack, type Stack } from '../support/oauth-stack';
import { eventually } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'oauth renews passphrase' };

interface Row {
  name: string;
  auth?: { connected: boolean; expiresAt?: number; refreshable?: boolean };
}

// RFC 6749 §6: an access token that ran out while a refresh token is held renews on the next call.
describe('an expired access token with a refresh token, against a real authorization server', () => {
  let stack: Stack;
  let child: ChildProcess;
  beforeAll(async () => {
    ({ stack, child } = await startStack({ as: { accessTokenTtl: 2 } }));
  });
  afterAll(() => {
    child.stdin?.end();
    child.kill();
  });

  it('is told as renewing on use (refreshable), and the next call renews it', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE, timeoutMs: 40_000 });
    expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);
    expect((await cli(['connect', 'notes', '--open-with', BROWSER])).code).toBe(0);

    const auth = async (): Promise<Row['auth']> => (JSON.parse((await cli(['status', '--json'])).stdout) as { servers: Row[] }).servers.find((s) => s.name === 'notes')?.auth;
    await eventually(async () => (((await auth())?.expiresAt ?? Infinity) <= Date.now() ? true : undefined), 30_000);
    expect(await auth()).toMatchObject({ connected: true, refreshable: true });
    expect((await cli(['status'])).stdout).toContain('expired (refreshes on use)');

    const call = await cli(['call', 'notes', 'echo', '{"text":"renewed"}']);
    expect(call.stdout).toContain('echo: renewed');
  }, 120_000);
});
