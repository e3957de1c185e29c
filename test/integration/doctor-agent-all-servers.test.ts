import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { doctorJson, PASSPHRASE } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';

// The README's own agent line: "*" is every server, not a server named "*".
describe("doctor and an agent that may use every server (--servers '*')", () => {
  it('warns of no unknown server for it, and still warns of a typo in another agent', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-doctor-agent-all-');
    // The first run adds the demo server "everything".
    expect((await runCli(home, ['servers', 'list'], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['agents', 'add', 'claude', '--servers', '*', '--for', 'claude-code'], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['agents', 'add', 'typo', '--servers', 'everythng'], { env: PASSPHRASE })).code).toBe(0);
    const ids = (await doctorJson(home)).checks.filter((c) => c.id.startsWith('agent-servers:')).map((c) => c.id);
    expect(ids).toEqual(['agent-servers:typo']);
  }, 60_000);
});
