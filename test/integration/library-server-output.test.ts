import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'server-output-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// A server that failed after printing why told a program to "check the server's output below", as the
// command line prints it; a program has nothing below: the output is in the error it holds.
describe("a program told of a server's failure", () => {
  it("is pointed at the output in the error's data, which holds it", async () => {
    const home = await passphraseHome(ENV, 'cs-library-server-output-');
    const cs = await openConnectedServices({
      home,
      env: { ...process.env, ...ENV },
      servers: { broken: { command: process.execPath, args: ['-e', 'console.error("Error: API_TOKEN is not set"); process.exit(1)'] } },
    });
    try {
      await cs.approveServer('broken');
      const error: unknown = await cs.connect('broken').catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'server_unavailable',
        hint: "check the server's output, in this error's data.stderr; run `cs.api.doctor()`",
        data: { stderr: expect.stringContaining('Error: API_TOKEN is not set') as string },
      });
    } finally {
      await cs.close();
    }
  }, 60_000);
});
