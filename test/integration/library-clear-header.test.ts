import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { startHeaderRecorder, type HeaderRecorder } from '../fixtures/servers/header-recorder-server';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-clear-header-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const V = 'sk-CLEARHEADERVALUE0123456789abcdefABCDEF';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

// approveServer threw for an HTTP server declared with its header in clear ("sends no secret"), though
// a server declared in code may hold a value in clear: it needs no approval, so approving it is done.
describe('an HTTP server declared in code with a header value in clear', () => {
  let cs: ConnectedServices | undefined;
  let recorder: HeaderRecorder | undefined;
  afterEach(async () => {
    await cs?.close();
    await recorder?.close();
    cs = undefined;
    recorder = undefined;
  });

  it('is approved at once without asking anyone, sends its header, and writes the value nowhere in the data folder', async () => {
    recorder = await startHeaderRecorder('clear');
    const home = await passphraseHome(ENV, 'cs-library-clear-header-');
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { remote: { type: 'http', url: recorder.url, headers: { Authorization: `Bearer ${V}` } } } });
    await expect(cs.approveServer('remote')).resolves.toBeUndefined();
    expect((await cs.listServers()).find((s) => s.name === 'remote')?.approval).toBe('not_needed');
    expect(await cs.callTool('remote', 'whoami')).toMatchObject({ content: [{ type: 'text', text: 'clear' }] });
    expect(recorder.received(`Bearer ${V}`)).toBe(true);
    await cs.close();
    cs = undefined;
    expect(filesUnder(home).filter((f) => readFileSync(f, 'latin1').includes(V))).toEqual([]);
  }, 120_000);

  it('still needs no approval by the App API: the refusal says there is nothing to approve', async () => {
    recorder = await startHeaderRecorder('clear');
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-library-clear-header-'), env: { ...process.env, ...ENV }, servers: { remote: { type: 'http', url: recorder.url, headers: { Authorization: `Bearer ${V}` } } } });
    await expect(cs.api.approveServer({ name: 'remote' })).rejects.toMatchObject({ code: 'invalid_input', hint: expect.stringMatching(/^Nothing to approve: it runs as it is/) as string });
  }, 120_000);
});
