import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startEndlessAuthServer, type EndlessAuthServer, type EndlessPart } from '../fixtures/oauth/endless-auth-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'endless answers test passphrase' };
/** Far more than the 256 KiB bound plus what sockets buffer on the way; far less than "until memory runs out". */
const WRITTEN_AT_MOST = 32 * 1024 * 1024;

let server: EndlessAuthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Review (HIGH): an answer that never ends was read whole (6.3 GB from an endless protected
 * resource metadata document). Every auth answer is read up to 256 KiB, then the stream is cancelled.
 */
describe('an authorization server answer that never ends', () => {
  const cases: [EndlessPart, string[]][] = [
    ['prm', []],
    ['device', ['--device', '--print-url']],
  ];
  for (const [part, flags] of cases) {
    it(`is cut at the bound with a clear error (${part}), and the connection closed`, async () => {
      server = await startEndlessAuthServer(part);
      const home = await passphraseHome(ENV, 'cs-endless-');
      expect((await runCli(home, ['servers', 'add', 'hostile', '--url', server.url], { env: ENV })).code).toBe(0);
      const connect = await runCli(home, ['connect', 'hostile', ...flags], { env: ENV, timeoutMs: 40_000 });
      expect(connect.code).not.toBe(0);
      expect(connect.stderr).toContain('is larger than 256 KiB');
      expect(connect.stderr).not.toMatch(/\n\s+at /);
      await server.closed;
      expect(server.written()).toBeLessThan(WRITTEN_AT_MOST);
    }, 60_000);
  }
});
