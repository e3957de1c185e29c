import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct-horse-battery-staple' };

// A server added (or edited) naming a vault secret not stored yet is added all the same (the secret
// may come after), with a note naming the command that stores it; one stored, for every server or
// for this one, gets none.
describe('servers add and edit: a note for a vault secret not stored yet', () => {
  it('names each missing one once, and none the vault holds', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const run = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}) });
    expect((await run(['secrets', 'set', 'HELD_TOKEN'], 'held-value-0123456789\n')).code).toBe(0);
    expect((await run(['secrets', 'set', 'OWN_KEY', '--server', 'tool'], 'own-value-0123456789\n')).code).toBe(0);

    const added = await run(['servers', 'add', 'tool', '--env', 'A=${secret:HELD_TOKEN}', '--env', 'B=${secret:OWN_KEY}', '--env', 'C=${secret:NOT_YET}', '--env', 'D=${secret:vault:NOT_YET}', '--', 'node', '-e', '0']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added tool.');
    expect(added.stderr).toContain('note: the vault holds no secret NOT_YET yet: tool cannot start until you store it with `connected-services secrets set NOT_YET`');
    expect(added.stderr.match(/holds no secret/g)).toHaveLength(1);
    expect(added.stderr).not.toContain('HELD_TOKEN');
    expect(added.stderr).not.toContain('OWN_KEY');

    // Another server does not see tool's own secret.
    const other = await run(['servers', 'add', 'other', '--url', 'https://example.com/mcp', '--header', 'Authorization: Bearer ${secret:OWN_KEY}']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toContain('note: the vault holds no secret OWN_KEY yet');

    expect((await run(['secrets', 'set', 'NOT_YET'], 'later-value-0123456789\n')).code).toBe(0);
    const edited = await run(['servers', 'edit', 'tool', '--env', 'C=${secret:NOT_YET}', '--env', 'E=${secret:STILL_MISSING}']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).toContain('note: the vault holds no secret STILL_MISSING yet');
    expect(edited.stderr).not.toContain('NOT_YET');
  }, 90_000);
});
