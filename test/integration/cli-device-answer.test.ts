import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDeviceAnswerAs } from '../fixtures/oauth/device-answer-as';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ENV = { CONNECTED_SERVICES_VAULT_PROVIDER: 'passphrase', CONNECTED_SERVICES_PASSPHRASE: 'device answer passphrase', BROWSER: '/bin/true' };

/** `connect tv` against an AS answering `answer`; every poll is declined, so it ends once the code is shown. */
async function connect(answer: (base: string) => Record<string, string>, args: string[] = []): Promise<{ base: string; stderr: string }> {
  const as = await startDeviceAnswerAs(answer);
  cleanups.push(() => as.close());
  const home = await passphraseHome(ENV, 'cs-device-answer-');
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { tv: { type: 'http', url: as.mcpUrl, auth: { type: 'device' } } } }));
  const result = await runCli(home, ['connect', 'tv', ...args], { env: ENV, timeoutMs: 60_000 });
  expect(result.stderr).toContain('declined on the verification page');
  return { base: as.base, stderr: result.stderr };
}

describe('connect: the device sign-in lines a hostile authorization server shapes', () => {
  it('shows the user code in the complete address (it is no secret, and is shown beside it)', async () => {
    const { base, stderr } = await connect((b) => ({ verification_uri: `${b}/device`, verification_uri_complete: `${b}/device?code=WDJB-MJHT`, user_code: 'WDJB-MJHT' }));
    expect(stderr).toContain(`(or open ${base}/device?code=WDJB-MJHT)`);
  }, 90_000);

  it('prints a 3000-character address cut, and never one on another origin', async () => {
    const { base, stderr } = await connect((b) => ({ verification_uri: `${b}/${'a'.repeat(3000)}`, verification_uri_complete: `${b.replace('127.0.0.1', '127.0.0.2')}/phish`, user_code: 'WDJB-MJHT' }));
    expect(stderr).toContain(`To sign in, open ${`${base}/${'a'.repeat(3000)}`.slice(0, 199)}… and enter the code:`);
    expect(stderr).not.toContain('a'.repeat(300));
    expect(stderr).not.toContain('phish');
    expect(stderr).toContain('note: the address is longer than 200 characters, so it is cut here (…); `connected-services connect tv --device --print-url` prints it whole.');
    // RFC 8628 §3.3.1: dropped, and the person is told so (the site, not the address).
    const other = base.replace('127.0.0.1', '127.0.0.2');
    expect(stderr).toContain(`note: the authorization server also gave an address with the code filled in, on another site (${other}); it was not shown or opened: enter the code at the address above.`);
  }, 90_000);

  it('with --print-url, says the cut address is printed whole below, and prints it whole', async () => {
    const { base, stderr } = await connect((b) => ({ verification_uri: `${b}/${'a'.repeat(3000)}`, user_code: 'WDJB-MJHT' }), ['--print-url']);
    expect(stderr).toContain('note: the address is longer than 200 characters, so it is cut here (…); it is printed whole below.');
    expect(stderr).toContain(`Open this address to sign in:\n\n  ${base}/${'a'.repeat(3000)}\n`);
    expect(stderr).not.toContain('another site');
  }, 90_000);
});
