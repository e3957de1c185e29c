import { describe, expect, it } from 'vitest';
import { homeWithConfig, runCli } from '../support/cli';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'look-alike-taken-name-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// "memоry" with a Cyrillic о reads as "memory": offering that name when a server or agent has it already
// sends the person into a second refusal (or, for `--servers`, to another server than they meant to add).
describe('a refused name whose a-z form is taken, through the built CLI', () => {
  it('says which server or agent it looks like instead of suggesting it', async () => {
    const home = homeWithConfig(JSON.stringify({ mcpServers: { memory: { command: 'node', args: ['memory.mjs'] } } }), 'cs-look-alike-');
    const server = await runCli(home, ['servers', 'add', 'mem\u043ery', '--', 'node', 'other.mjs'], { env: ENV });
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('hint: It looks like "memory", which is already a server; pick another name\n');
    expect(server.stderr).not.toContain('For example: memory');

    const free = await runCli(home, ['servers', 'add', 'n\u03bftes', '--', 'node', 'notes.mjs'], { env: ENV });
    expect(free.stderr).toContain('hint: For example: notes\n');

    expect((await runCli(home, ['agents', 'add', 'laptop'], { env: ENV })).code).toBe(0);
    const agent = await runCli(home, ['agents', 'add', 'l\u0430ptop'], { env: ENV });
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('hint: It looks like "laptop", which is already an agent; pick another name\n');
  }, 90_000);
});
