import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'argument-secrets' };

// Every account on the computer can read a program's command line (ps): a secret in args is said so.
describe('a secret written into a program\'s arguments', () => {
  it('is added with a warning naming it and what to do instead; doctor warns about the entry; env stays silent', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-arg-secrets-');
    const added = await runCli(home, ['servers', 'add', 'keyed', '--', 'node', 'x.js', '--api-key', '${secret:KEYED_KEY}'], { env: PASSPHRASE });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('warning: ${secret:KEYED_KEY} goes into the program\'s command line, which every account on this computer can read (ps)');
    const quiet = await runCli(home, ['servers', 'add', 'quiet', '--env', 'API_KEY=${secret:QUIET_KEY}', '--', 'node', 'y.js'], { env: PASSPHRASE });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('command line');
    const doctor = await runCli(home, ['doctor', '--json'], { env: PASSPHRASE, timeoutMs: 60_000 });
    const checks = JSON.parse(doctor.stdout) as { id: string; status: string; detail: string; fix?: string }[] | { checks: { id: string; status: string; detail: string; fix?: string }[] };
    const list = Array.isArray(checks) ? checks : checks.checks;
    const keyed = list.find((c) => c.id === 'argument-secrets:keyed');
    expect(keyed).toMatchObject({ status: 'warn' });
    expect(keyed?.fix).toContain("connected-services servers edit keyed --env 'VARIABLE=${secret:KEYED_KEY}'");
    expect(list.some((c) => c.id === 'argument-secrets:quiet')).toBe(false);
  }, 90_000);

  it('is named again where the person decides: the approval shows the line with which secrets every account can read', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-arg-secrets-approve-');
    expect((await runCli(home, ['servers', 'add', 'keyed', '--', 'node', 'x.js', '--api-key', '${secret:KEYED_KEY}'], { env: PASSPHRASE })).code).toBe(0);
    const approved = await runCli(home, ['servers', 'approve', 'keyed', '--yes'], { env: PASSPHRASE });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain("node x.js --api-key '${secret:KEYED_KEY}'  # ${secret:KEYED_KEY} in its arguments, which every account on this computer can read");
    expect(approved.stdout).toContain('Approved keyed.');
    const status = JSON.parse((await runCli(home, ['servers', 'list', '--json'], { env: PASSPHRASE })).stdout) as unknown;
    expect(JSON.stringify(status)).toContain('"argumentSecrets":["${secret:KEYED_KEY}"]');
  }, 90_000);
});
