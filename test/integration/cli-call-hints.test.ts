import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'call-hints' };

describe("a call's hints say what the person at the command line can do, through the built CLI", () => {
  // The hint named mcp.json's "timeoutMs", which had not set the limit: the call's own --timeout had.
  it("a call timed out by its own --timeout says so, not to raise mcp.json's", async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-call-own-timeout-');
    const slow = await runCli(home, ['call', 'everything', 'trigger-long-running-operation', '{"duration":5,"steps":5}', '--timeout', '500'], { env: PASSPHRASE });
    expect(slow.code).not.toBe(0);
    expect(slow.stderr).toContain('did not answer within 0.5 s');
    expect(slow.stderr).toContain('hint: This call gave itself 0.5 s: retry with a longer timeout');
    expect(slow.stderr).not.toContain('mcp.json');
  }, 60_000);

  // The hint pointed at "the server's output below", and nothing was below.
  it('a server that ends at start without a word is not said to have output below', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-call-silent-');
    expect((await runCli(home, ['servers', 'add', 'silent', '--', 'false'], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'silent', '--yes'], { env: PASSPHRASE })).code).toBe(0);
    const result = await runCli(home, ['tools', 'silent'], { env: PASSPHRASE, timeoutMs: 60_000 });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('hint: It printed nothing: run its command yourself to see what it does');
    expect(result.stderr).not.toContain('below');
  }, 60_000);

  it('an empty secret says how to give one', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-secret-empty-');
    const empty = await runCli(home, ['secrets', 'set', 'A'], { env: PASSPHRASE, input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("hint: Type the value when asked, or give it on standard input (printf '%s' VALUE | connected-services secrets set A)");
  }, 60_000);

  it('a call of a disabled server names the command that enables it', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-call-disabled-');
    expect((await runCli(home, ['servers', 'disable', 'everything'], { env: PASSPHRASE })).code).toBe(0);
    const refused = await runCli(home, ['call', 'everything', 'echo', '{"message":"x"}'], { env: PASSPHRASE });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('hint: Enable it: connected-services servers enable everything');
  }, 60_000);
});
