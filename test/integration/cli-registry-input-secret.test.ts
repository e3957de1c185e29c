import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry input secret passphrase', PATH: dirname(process.execPath) };
const VALUE = 'tok-kept-in-the-vault-already';

// The catalog's "use a stored secret" from the command line: a secret input filled from the vault.
describe('servers add --from-registry --input-secret KEY=SECRET_NAME', () => {
  let registry: FixtureRegistry;
  let home: string;
  const cli = (args: string[], input?: string) => runCli(home, args, { env: ENV, ...(input !== undefined ? { input } : {}) });
  const mcpJson = () => readFileSync(join(home, 'mcp.json'), 'utf8');
  const servers = () => (JSON.parse(mcpJson()) as { mcpServers: Record<string, unknown> }).mcpServers;

  beforeAll(async () => {
    registry = await startFixtureRegistry(3);
    registry.add({
      name: 'io.example/notes',
      description: 'Notes on disk',
      version: '1.0.0',
      packages: [{ registryType: 'npm', identifier: '@example/notes-mcp', version: '1.0.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'NOTES_TOKEN', isRequired: true, isSecret: true }, { name: 'NOTES_REGION', isRequired: false }] }],
    });
    home = await passphraseHome(ENV, 'cs-registry-input-secret-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
    expect((await cli(['secrets', 'set', 'SHARED_NOTES'], `${VALUE}\n`)).code).toBe(0);
  });
  afterAll(async () => {
    await registry.close();
  });

  it('refers to the stored secret and stores nothing new', async () => {
    const added = await cli(['servers', 'add', 'notes', '--from-registry', 'io.example/notes', '--input-secret', 'NOTES_TOKEN=SHARED_NOTES']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added notes: NOTES_TOKEN='${secret:SHARED_NOTES}' npx -y @example/notes-mcp@1.0.0.");
    expect(servers().notes).toEqual({ command: 'npx', args: ['-y', '@example/notes-mcp@1.0.0'], env: { NOTES_TOKEN: '${secret:SHARED_NOTES}' } });
    const secrets = (await cli(['secrets', 'list'])).stdout;
    expect(secrets).toContain('SHARED_NOTES');
    expect(secrets).not.toContain('notes_NOTES_TOKEN');
    expect(`${added.stdout}${mcpJson()}`).not.toContain(VALUE);
  });

  it('refuses a secret the vault does not have, saying how to store it, and adds nothing', async () => {
    const refused = await cli(['servers', 'add', 'notes2', '--from-registry', 'io.example/notes', '--input-secret', 'NOTES_TOKEN=NOT_STORED']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('The vault has no secret named NOT_STORED (for NOTES_TOKEN).');
    expect(refused.stderr).toContain('connected-services secrets set NOT_STORED');
    expect(servers().notes2).toBeUndefined();
  });

  it('refuses a vault secret for a plain input (it would be written in clear), naming the secret inputs', async () => {
    const refused = await cli(['servers', 'add', 'notes3', '--from-registry', 'io.example/notes', '--input', 'NOTES_TOKEN=x', '--input-secret', 'NOTES_REGION=SHARED_NOTES']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('NOTES_REGION of io.example/notes is no secret input, so no vault secret can be chosen for it');
    expect(refused.stderr).toContain('Its secret inputs: NOTES_TOKEN');
    expect(servers().notes3).toBeUndefined();
  });

  it('refuses an input given twice, a malformed pair, and the option without --from-registry', async () => {
    const twice = await cli(['servers', 'add', 'notes4', '--from-registry', 'io.example/notes', '--input', 'NOTES_TOKEN=x', '--input-secret', 'NOTES_TOKEN=SHARED_NOTES']);
    expect(twice.stderr).toContain('NOTES_TOKEN is given by both --input and --input-secret');
    const malformed = await cli(['servers', 'add', 'notes4', '--from-registry', 'io.example/notes', '--input-secret', 'SHARED_NOTES']);
    expect(malformed.stderr).toContain('--input-secret takes INPUT=SECRET_NAME, not "SHARED_NOTES"');
    const badName = await cli(['servers', 'add', 'notes4', '--from-registry', 'io.example/notes', '--input-secret', 'NOTES_TOKEN=a}${env:HOME']);
    expect(badName.stderr).toContain("--input-secret NOTES_TOKEN takes a secret's name");
    const alone = await cli(['servers', 'add', 'notes4', '--input-secret', 'NOTES_TOKEN=SHARED_NOTES', '--', 'node', 'x.js']);
    expect(alone.stderr).toContain('--input-secret goes with --from-registry');
    for (const run of [twice, malformed, badName, alone]) expect(run.code).not.toBe(0);
    expect(servers().notes4).toBeUndefined();
  });

  it('points a missing secret input at --input-secret too', async () => {
    const refused = await cli(['servers', 'add', 'notes5', '--from-registry', 'io.example/notes']);
    expect(refused.stderr).toContain('io.example/notes needs: NOTES_TOKEN (secret)');
    expect(refused.stderr).toContain('a secret already in the vault as --input-secret INPUT=SECRET_NAME');
    // `KEY=` reads as a secret's assignment to the redactor: the advice names its parts otherwise.
    expect(refused.stderr).not.toContain('[redacted]');
  });

  it('refuses a secret input when the vault would forget it, before anything is written or asked', async () => {
    // No keychain (no D-Bus session) and no passphrase: the vault lives in memory only.
    const memory = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '', PATH: ENV.PATH };
    const forgetful = tempHome();
    writeFileSync(join(forgetful, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
    const run = (args: string[]) => runCli(forgetful, args, { env: memory });
    const refused = await run(['servers', 'add', 'notes', '--from-registry', 'io.example/notes', '--input', `NOTES_TOKEN=${VALUE}`]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("The vault cannot keep io.example/notes's secret inputs beyond this command");
    expect(refused.stderr).toContain('(nothing was added)');
    expect(refused.stderr).toContain('CONNECTED_SERVICES_PASSPHRASE');
    expect(refused.stderr).not.toContain(VALUE);
    expect(readFileSync(join(forgetful, 'mcp.json'), 'utf8')).not.toContain('notes');
    // A dry run writes nothing anyway: it warns.
    const dry = await run(['servers', 'add', 'notes', '--from-registry', 'io.example/notes', '--input', `NOTES_TOKEN=${VALUE}`, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain('warning: The vault cannot keep');
  });

  it('refuses an --input the entry does not ask for, naming the one likely meant', async () => {
    const typo = await cli(['servers', 'add', 'notes6', '--from-registry', 'io.example/notes', '--input', 'NOTES_TOKN=x']);
    expect(typo.code).not.toBe(0);
    expect(typo.stderr).toContain('io.example/notes has no input "NOTES_TOKN"');
    expect(typo.stderr).toContain('Did you mean --input NOTES_TOKEN=…?');
    const other = await cli(['servers', 'add', 'notes6', '--from-registry', 'io.example/notes', '--input-secret', 'NOTES_TOKEN=SHARED_NOTES', '--input', 'BOGUS=1']);
    expect(other.stderr).toContain('Its inputs: NOTES_TOKEN, NOTES_REGION');
    expect(servers()['notes6']).toBeUndefined();
  });
});
