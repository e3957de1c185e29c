import { readdirSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeWithConfig, runCli, tempHome } from '../support/cli';

/** The folder's entries, but for the compiled-code cache the launcher keeps there for any command (cache/code). */
function entries(home: string): string[] {
  return readdirSync(home, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry !== 'cache' && !entry.startsWith(`cache${sep}`))
    .sort();
}

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

  // The names are read, never made: no core opens, so no demo servers, no approvals, no vault and no passphrase.
  // The demo servers' names count all the same: the first command that opens a core writes them.
  it('leaves a fresh data folder as it was and needs no passphrase', async () => {
    const home = tempHome('cs-look-alike-fresh-');
    const before = entries(home);
    const env = { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
    const server = await runCli(home, ['servers', 'add', 'mem\u043ery', '--', 'node', 'x.mjs'], { env });
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('hint: It looks like "memory", which is already a server (a demo server a new data folder starts with); pick another name\n');
    expect(server.stderr).not.toContain('For example: memory');
    const free = await runCli(home, ['servers', 'add', 'n\u03bftes', '--', 'node', 'notes.mjs'], { env });
    expect(free.stderr).toContain('hint: For example: notes\n');
    const separated = await runCli(home, ['servers', 'add', 'mem__ory', '--', 'node', 'x.mjs'], { env });
    expect(separated.code).toBe(2);
    expect(separated.stderr).toContain('for example "mem-ory"');
    const demoSeparated = await runCli(home, ['servers', 'add', 'everything_', '--', 'node', 'x.mjs'], { env });
    expect(demoSeparated.code).toBe(2);
    expect(demoSeparated.stderr).toContain('for example "everything-2"');
    const agent = await runCli(home, ['agents', 'add', 'l\u0430ptop'], { env });
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('hint: For example: laptop\n');
    expect(entries(home)).toEqual(before);
  }, 90_000);

  it('refuses the name with the plain hint when agents.json cannot be read as an agents file', async () => {
    const home = tempHome('cs-look-alike-bad-');
    writeFileSync(join(home, 'agents.json'), '{ not json', { mode: 0o600 });
    const agent = await runCli(home, ['agents', 'add', 'l\u0430ptop'], { env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } });
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('hint: For example: laptop\n');
    expect(entries(home)).toEqual(['agents.json']);
  }, 90_000);
});
