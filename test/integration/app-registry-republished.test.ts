import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';
import { startServe, type Served } from '../support/serve';

interface Options {
  version: string;
  options: Array<{ choice: { package: number } | { remote: number }; label: string }>;
}

const NAME = 'io.example/notes';

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
  async function shownRemote(): Promise<{ version: string; choice: { remote: number }; label: string }> {
    const read = await served?.api('registryInstallOptions', { registry: registry?.url, name: NAME });
    expect(read?.status, JSON.stringify(read?.body)).toBe(200);
    const options = read?.body.result as Options;
    const remote = options.options.find((o) => 'remote' in o.choice);
    if (remote === undefined || !('remote' in remote.choice)) throw new Error('no remote listed');
    return { version: options.version, choice: remote.choice, label: remote.label };
  }

  const install = (shown: { version: string; choice: { remote: number }; label: string }, server: string) =>
    served?.api('installRegistryEntry', { registry: registry?.url, name: NAME, server, ...shown, inputs: {}, connect: false });

  const servers = async (): Promise<Record<string, { url?: string }>> =>
    (JSON.parse(await readFile(path.join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { url?: string }> }).mcpServers;

  it('refuses the same version republished with another address, and adds nothing', async () => {
    if (!served || !registry) throw new Error('not started');
    const shown = await shownRemote();
    expect(shown).toEqual({ version: '1.0.0', choice: { remote: 0 }, label: 'remote http://127.0.0.1:9/shown' });
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
});
