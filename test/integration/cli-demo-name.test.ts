import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'demo name passphrase' };

/** A new user's first command seeds the demo servers, so its own `servers add everything` meets one. */
describe('adding a server under a demo server name', () => {
  it('says the name is held by a demo and how to free it, then by the person\'s own server', async () => {
    const home = await passphraseHome(ENV, 'cs-demo-name-');
    const first = await runCli(home, ['servers', 'add', 'everything', '--', 'node', 'mine.js'], { env: ENV });
    expect(first.code).not.toBe(0);
    expect(first.stderr).toContain('A server named "everything" already exists.');
    expect(first.stderr).toContain('"everything" is a demo server, added on the first run. Choose another name, or remove the demo first (servers remove everything).');

    const removed = await runCli(home, ['servers', 'remove', 'everything'], { env: ENV });
    expect(removed.code, removed.stderr).toBe(0);
    const added = await runCli(home, ['servers', 'add', 'everything', '--', 'node', 'mine.js'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);

    const again = await runCli(home, ['servers', 'add', 'everything', '--', 'node', 'other.js'], { env: ENV });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('Choose another name, or remove the existing server first.');
    expect(again.stderr).not.toContain('demo');
  }, 60_000);
});
