import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';
import { runScript } from '../support/packed-install';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'library');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'open-options-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

async function open(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const program = runScript(FIXTURES, 'open-options.mjs', [JSON.stringify(options)], ENV);
  const line = await program.next();
  await new Promise((resolve) => (program.child.exitCode !== null ? resolve(undefined) : program.child.once('exit', resolve)));
  return line;
}

/**
 * The library's options checked before anything opens (docs/library.md): what a program or a JSON config
 * gets wrong is a CodedError naming it, never the person's own data folder or the app's port.
 */
describe('openConnectedServices checks its options', () => {
  it("refuses a port given as a string (it would take the app's port), an empty home and a misspelt option", async () => {
    const home = await passphraseHome(ENV, 'cs-lib-options-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: 47781 } }));

    const asText = await open({ home, agents: { a: { servers: '*' } }, bridgePort: '47781' });
    expect(asText).toMatchObject({ step: 'refused', coded: true, code: 'invalid_input' });
    expect(asText['message']).toContain('bridgePort');

    const empty = await open({ home: '' });
    expect(empty).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(empty['message']).toContain('home: must name a folder');

    const misspelt = await open({ home, sevrers: {} });
    expect(misspelt).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(misspelt['message']).toContain('sevrers');

    const wait = await open({ home, confirmTimeoutMs: '100' });
    expect(wait).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(wait['message']).toContain('confirmTimeoutMs');
  }, 60_000);

  it('refuses a home whose parent is missing (a typo) and makes nothing; opens a new one whose parent exists', async () => {
    const base = await passphraseHome(ENV, 'cs-lib-options-typo-');
    mkdirSync(base, { recursive: true });
    const typo = join(base, 'no', 'such', 'data');
    const refused = await open({ home: typo });
    expect(refused).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(refused['message']).toContain('neither that folder nor the folder above it');
    expect(existsSync(join(base, 'no'))).toBe(false);

    const fresh = join(base, 'data');
    const opened = await open({ home: fresh });
    expect(opened).toMatchObject({ step: 'opened', mode: 'in-process', dataDir: fresh });
  }, 60_000);

  it('names the field an HTTP server declared in code is missing, not a bare "Invalid input"', async () => {
    const home = await passphraseHome(ENV, 'cs-lib-options-http-');
    mkdirSync(home, { recursive: true });
    const refused = await open({ home, servers: { h: { url: 'http://127.0.0.1:1/mcp' } } });
    expect(refused).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(refused['message']).toContain('servers.h.type');
    expect(refused['hint']).toContain('type: "http"');
  }, 60_000);

  // A program declares its servers afresh at each open: a name mcp.json could keep is a new name here.
  it('refuses a server declared in code whose name ends in "_", saying to rename it in the program and to what', async () => {
    const home = await passphraseHome(ENV, 'cs-lib-options-separator-');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { team: { command: 'node', args: ['t.js'] } } }));
    const refused = await open({ home, servers: { team_: { command: 'node', args: ['t.js'] } } });
    expect(refused).toMatchObject({ step: 'refused', coded: true, code: 'invalid_input' });
    expect(refused['message']).toContain('The server "team_" is declared in code (the servers given to openConnectedServices)');
    expect(refused['hint']).toBe('Rename it in the program that declares it (the servers given to openConnectedServices), for example to "team-2": a name without "__" that does not end in "_"');
  }, 60_000);

  // A getter's error may quote what it guards; the refusal names the option only.
  it.each(['env', 'servers'])('refuses options whose %s holds a getter that throws, as the coded invalid_input naming it', async (where) => {
    const home = await passphraseHome(ENV, 'cs-lib-options-getter-');
    mkdirSync(home, { recursive: true });
    const secret = 'sk-live-getter-secret-0123456789';
    const program = runScript(FIXTURES, 'open-options-getter.mjs', [home, where, secret], ENV);
    const refused = await program.next();
    expect(refused).toMatchObject({ step: 'refused', coded: true, code: 'invalid_input', cause: null });
    expect(refused['message']).toBe(`openConnectedServices: the option "${where}" could not be read (reading it threw)`);
    expect(JSON.stringify(refused)).not.toContain(secret);
  }, 60_000);
});
