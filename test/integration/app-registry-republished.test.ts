import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';
import { startServe, type Served } from '../support/serve';

interface Options {
  version: string;
  options: Array<{ choice: { package: number } | { remote: number }; label: string; digest: string; inputs: Array<{ key: string; isSecret: boolean }> }>;
}

interface Shown {
  version: string;
  choice: { remote: number };
  label: string;
  digest: string;
}

const NAME = 'io.example/notes';
const KEYED = 'io.example/keyed';
const KEY_HEADER = { name: 'X-Workspace', isRequired: true, isSecret: true };

// A registry that changes an entry between the Install dialog's read and the install: what is installed
// must be what the dialog showed, or nothing.
describe('App API through serve: a registry entry republished after the Install dialog read it', () => {
  let home = '';
  let served: Served | undefined;
  let registry: FixtureRegistry | undefined;

  beforeAll(async () => {
    registry = await startFixtureRegistry(3);
    // A remote that sends no secret: added without an approval, so nothing later would show its address.
    registry.add({ name: NAME, description: 'Notes', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/shown' }] });
    // A remote whose key header is a secret: stored in the vault, and the address approved before it is sent.
    registry.add({ name: KEYED, description: 'Keyed', version: '2.0.0', remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/keyed', headers: [KEY_HEADER] }] });
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-registry-republished-'));
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off', CONNECTED_SERVICES_PASSPHRASE: 'republished entry passphrase' });
    expect((await served.api('refreshRegistries', {})).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await served?.stop();
    await registry?.close();
    await rm(home, { recursive: true, force: true });
  });

  /** What the Install dialog reads and then sends back with the install. */
  async function shownRemote(name = NAME): Promise<Shown & Pick<Options['options'][number], 'inputs'>> {
    const read = await served?.api('registryInstallOptions', { registry: registry?.url, name });
    expect(read?.status, JSON.stringify(read?.body)).toBe(200);
    const options = read?.body.result as Options;
    const remote = options.options.find((o) => 'remote' in o.choice);
    if (remote === undefined || !('remote' in remote.choice)) throw new Error('no remote listed');
    return { version: options.version, choice: remote.choice, label: remote.label, digest: remote.digest, inputs: remote.inputs };
  }

  const install = ({ version, choice, label, digest }: Shown, server: string, name = NAME, inputs: Record<string, string> = {}) =>
    served?.api('installRegistryEntry', { registry: registry?.url, name, server, version, choice, label, digest, inputs, connect: false });

  const servers = async (): Promise<Record<string, { url?: string }>> =>
    (JSON.parse(await readFile(path.join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { url?: string }> }).mcpServers;

  it('refuses the same version republished with another address, and adds nothing', async () => {
    if (!served || !registry) throw new Error('not started');
    const shown = await shownRemote();
    expect(shown).toMatchObject({ version: '1.0.0', choice: { remote: 0 }, label: 'remote http://127.0.0.1:9/shown' });
    registry.republish(NAME, { remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/elsewhere' }] });
    expect((await served.api('refreshRegistries', {})).status).toBe(200);

    const refused = await install(shown, 'notes');
    expect(refused?.status).toBe(400);
    const error = refused?.body.error as { code: string; message: string; hint?: string };
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(`The registry changed ${NAME} since it was shown: it now lists "remote http://127.0.0.1:9/elsewhere", not "remote http://127.0.0.1:9/shown". Nothing was installed.`);
    expect(error.hint).toBe('Close this, then press "Install" on its row under Services in the app again to see the entry as the registry lists it now.');
    expect(await servers()).toEqual({});
  }, 60_000);

  it('refuses a version published after the read', async () => {
    if (!served || !registry) throw new Error('not started');
    const shown = await shownRemote();
    registry.publish(NAME, '1.1.0');
    expect((await served.api('refreshRegistries', {})).status).toBe(200);
    const refused = await install(shown, 'notes');
    expect(refused?.status).toBe(400);
    expect(refused?.body.error?.message).toContain('it now lists version 1.1.0, not 1.0.0');
    expect(await servers()).toEqual({});
  }, 60_000);

  it('installs the entry read again: the address it shows', async () => {
    if (!served) throw new Error('not started');
    const shown = await shownRemote();
    expect(shown.version).toBe('1.1.0');
    const done = await install(shown, 'notes');
    expect(done?.status, JSON.stringify(done?.body)).toBe(200);
    expect((await servers())['notes']?.url).toBe('http://127.0.0.1:9/elsewhere');
  }, 60_000);

  it('refuses the same version and address republished with its secret header (named as no credential is) made plain, and stores nothing', async () => {
    if (!served || !registry) throw new Error('not started');
    const shown = await shownRemote(KEYED);
    expect(shown.inputs.map((i) => [i.key, i.isSecret])).toEqual([['X-Workspace', true]]);
    registry.republish(KEYED, { remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/keyed', headers: [{ ...KEY_HEADER, isSecret: false }] }] });
    expect((await served.api('refreshRegistries', {})).status).toBe(200);
    // The version and label are still the ones shown: only what the dialog said of the key changed.
    const now = await shownRemote(KEYED);
    expect([now.version, now.label]).toEqual([shown.version, shown.label]);
    expect(now.inputs.map((i) => [i.key, i.isSecret])).toEqual([['X-Workspace', false]]);

    const refused = await install(shown, 'keyed', KEYED, { 'X-Workspace': 'key-typed-as-secret' });
    expect(refused?.status).toBe(400);
    const error = refused?.body.error as { code: string; message: string; hint?: string };
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(`The registry changed ${KEYED} since it was shown: it now lists other inputs, environment variables, headers or arguments for "remote http://127.0.0.1:9/keyed". Nothing was installed.`);
    expect(error.hint).toBe('Close this, then press "Install" on its row under Services in the app again to see the entry as the registry lists it now.');
    expect((await servers())['keyed']).toBeUndefined();
    expect(await readFile(path.join(home, 'mcp.json'), 'utf8')).not.toContain('key-typed-as-secret');
    const secrets = await served.api('listSecrets', {});
    expect(secrets.status).toBe(200);
    expect(JSON.stringify(secrets.body)).not.toContain('keyed_');
  }, 60_000);
});
