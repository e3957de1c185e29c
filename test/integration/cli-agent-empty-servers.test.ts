import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'empty servers passphrase' };

// An unset shell variable (`--servers "$SERVERS"`) must not quietly take every server away.
describe('agents add/set --servers with an empty value', () => {
  it('is refused (exit 2) with what to do instead, and the agent keeps its servers', async () => {
    const home = await passphraseHome(ENV, 'cs-agent-empty-servers-');
    expect((await runCli(home, ['agents', 'add', 'bot', '--servers', 'everything'], { env: ENV })).code).toBe(0);

    const set = await runCli(home, ['agents', 'set', 'bot', '--servers', ''], { env: ENV });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('--servers was given an empty value');
    expect(set.stderr).toContain('`connected-services agents set "bot" --no-servers`');
    const commas = await runCli(home, ['agents', 'set', 'bot', '--servers', ' , '], { env: ENV });
    expect(commas.code).toBe(2);

    const added = await runCli(home, ['agents', 'add', 'bot5', '--servers', ''], { env: ENV });
    expect(added.code).toBe(2);
    expect(added.stderr).toContain('--servers was given an empty value');
    expect(added.stderr).toContain('leave --servers out or give --no-servers');

    const listed = await runCli(home, ['agents', 'list', '--json'], { env: ENV });
    const agents = JSON.parse(listed.stdout) as { name: string; servers: string[] | '*' }[];
    expect(agents.map((a) => [a.name, a.servers])).toEqual([['bot', ['everything']]]);
  }, 60_000);
});
