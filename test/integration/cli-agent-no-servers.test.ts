import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'no servers passphrase' };

interface Listed {
  name: string;
  servers: string[] | '*';
}

// `--servers ""` is refused and a server may be named "none": --no-servers is how the command line says the empty list.
describe('agents set/add --no-servers', () => {
  it('leaves the agent no server, said as (none), and is refused together with --servers', async () => {
    const home = await passphraseHome(ENV, 'cs-agent-no-servers-');
    expect((await runCli(home, ['agents', 'add', 'bot', '--servers', '*'], { env: ENV })).code).toBe(0);

    const both = await runCli(home, ['agents', 'set', 'bot', '--servers', 'everything', '--no-servers'], { env: ENV });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--servers and --no-servers cannot be given together');
    expect(both.stderr).toContain('`connected-services agents set "bot" --no-servers`');
    // Whichever comes last, the two are refused: commander alone would keep the last.
    expect((await runCli(home, ['agents', 'set', 'bot', '--no-servers', '--servers', '*'], { env: ENV })).code).toBe(2);
    expect((await runCli(home, ['agents', 'add', 'bot2', '--no-servers', '--servers', '*'], { env: ENV })).code).toBe(2);

    const set = await runCli(home, ['agents', 'set', 'bot', '--no-servers'], { env: ENV });
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^bot +\(none\) /m);

    const added = await runCli(home, ['agents', 'add', 'bot3', '--no-servers'], { env: ENV });
    expect(added.code).toBe(0);
    // Asked for on purpose: no "may use no server yet" reminder.
    expect(added.stderr).not.toContain('may use no server yet');

    const list = await runCli(home, ['agents', 'list'], { env: ENV });
    expect(list.stdout).toMatch(/^bot +\(none\) /m);
    expect(list.stdout).not.toMatch(/\ball\b/);
    const json = JSON.parse((await runCli(home, ['agents', 'list', '--json'], { env: ENV })).stdout) as Listed[];
    expect(json.map((a) => [a.name, a.servers])).toEqual([['bot', []], ['bot3', []]]);

    const config = await runCli(home, ['agents', 'config', 'bot'], { env: ENV });
    expect(config.code).toBe(0);
    expect(config.stderr).toContain('# it may use no server, so its client finds no tools: connected-services agents set "bot" --servers NAME,…');
  }, 60_000);
});
