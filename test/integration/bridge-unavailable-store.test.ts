import { afterAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { resolveServerConfig } from '../../electron/app/secrets/resolve-server';
import { createSecretStores } from '../../electron/secret-stores';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { makeKeepassxcDatabase } from '../support/keepassxc-store';
import { waitFor } from '../support/server-harness';

// docs/bridge.md, "A server that failed": a listed tool's reason is what an agent's call would be
// told. A KeePassXC entry moved into a group fails the server's next start with an error that shows
// the person where it is now; agents, listing or calling, are told only that there is no entry.
const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

describe('a server whose KeePassXC entry moved, listed to an unmodified SDK client', () => {
  it("marks its tools with the agent's reason, never the entry's new path", async () => {
    const kdbx = makeKeepassxcDatabase();
    kdbx.add('GitHub', 'kdbx-moved-value-1');
    const env = { ...process.env, CONNECTED_SERVICES_KEEPASSXC_DATABASE: kdbx.database, CONNECTED_SERVICES_KEEPASSXC_PASSWORD: kdbx.password };
    const vault = { get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve(false), keys: () => Promise.resolve([]), health: () => ({ state: 'ready' as const }) };
    const stores = createSecretStores({ settings: () => undefined, vault: vault as unknown as Parameters<typeof createSecretStores>[0]['vault'], env, approval: () => 'approved' });
    const h = await startBridge(
      { everything: everythingServer({ env: { STORE_VALUE: '${secret:keepassxc:GitHub}' } }) },
      {},
      { resolve: (name, config) => resolveServerConfig(name, config, { secret: () => Promise.resolve(undefined), store: stores.resolverFor(name), env }), restartPolicy: { maxCrashes: 1 } },
    );
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);
    await h.pool.start('everything');
    const listed = (): Promise<Tool[]> => agent.client.listTools().then((r) => r.tools.filter((t) => t.name.startsWith('everything__')));
    expect((await listed()).length).toBeGreaterThan(3);

    kdbx.remove('GitHub');
    kdbx.add('Internet/GitHub', 'kdbx-moved-value-2');
    await h.pool.stop('everything');
    await expect(h.pool.start('everything')).rejects.toMatchObject({ code: 'invalid_config' });
    expect(h.pool.status('everything').lastError?.message).toContain('Paths start at the root: write /Internet/GitHub.');
    await waitFor('the tools marked', async () => (await listed()).some((t) => t.description?.startsWith('Unavailable') === true), 30_000);
    const marked = await listed();
    for (const tool of marked) {
      expect(tool.description).toMatch(/^Unavailable: everything is not running \(The secret store "keepassxc" holds no entry at "GitHub"\.\); ask the person/);
      expect(JSON.stringify(tool)).not.toContain('/Internet');
    }
  }, 120_000);
});
