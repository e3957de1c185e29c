import { afterEach, describe, expect, it } from 'vitest';
import { LISTED_DESCRIPTION_CUT_NOTE, MAX_LISTED_DESCRIPTION } from '../../shared/api';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';
import { faultServer, hugeToolsServer } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-server-text-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** A server's text reaches a program's error messages escaped, and its listings bounded, as an agent's are. */
describe("a hostile server's text through the library", () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('escapes the controls of its error text and cuts its 4,000,000-character description', async () => {
    cs = await openConnectedServices({
      home: await passphraseHome(ENV, 'cs-library-server-text-'),
      env: { ...process.env, ...ENV },
      servers: {
        fault: faultServer('normal', { SERVER_ERROR: '1', SERVER_ERROR_TEXT: '\u001b[2Jcleared \u001b]52;c;aGk=\u0007' }),
        huge: hugeToolsServer(0, true),
      },
    });
    await cs.approveServer('fault');
    await cs.approveServer('huge');
    await cs.connect('fault');
    const failed = await cs.readResource('fault', 'fixture://server-error').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failed?.message).toContain('\\u001b[2Jcleared \\u001b]52;c;aGk=\\u0007');
    const controls = [...(failed?.message ?? '')].filter((c) => c !== '\n' && c !== '\t' && (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f)));
    expect(controls).toEqual([]);
    const long = (await cs.listTools('huge')).find((t) => t.name === 'long_0');
    expect(long?.description?.endsWith(LISTED_DESCRIPTION_CUT_NOTE)).toBe(true);
    expect(long?.description?.length).toBeLessThanOrEqual(MAX_LISTED_DESCRIPTION + LISTED_DESCRIPTION_CUT_NOTE.length + 1);
  }, 120_000);
});
