import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { MAX_AGENT_LISTING_BYTES } from '../../electron/bridge/listing-bounds';
import { everythingServer, hugeToolsServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// An `all` agent beside a server listing past 4 MiB: `agents config` and `agents list`, asking the
// running app, say which server it searches; the mode's own words say the bound. The switch is in the
// audit once and in `status`, not only in serve's log.
describe('agents config and list under serve, a server past the listing bound', () => {
  let served: Served;
  let home: string;
  let token: string;

  beforeAll(async () => {
    home = tempHome('cs-listing-bound-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer(), wide: hugeToolsServer(72) } }), { mode: 0o600 });
    for (const server of ['everything', 'wide']) {
      const approved = await runCli(home, ['servers', 'approve', server]);
      expect(approved.code, approved.stderr).toBe(0);
      const listed = await runCli(home, ['tools', server, '--refresh', '--json'], { timeoutMs: 60_000 });
      expect(listed.code, listed.stderr).toBe(0);
    }
    served = await startServe(home);
    const added = await served.api('addAgent', { name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    token = (added.body.result as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await served?.stop();
  });

  it('agents config says the bound in the mode and names the server searched', async () => {
    const config = await runCli(home, ['agents', 'config', 'desk', '--for', 'claude-code']);
    expect(config.code, config.stderr).toBe(0);
    expect(config.stderr).toContain('a server whose tools pass 4 MiB listed is searched instead');
    expect(config.stderr).toContain("this server lists tools past 4 MiB, so it finds them through search_tools: wide; its other servers' tools stay listed");
  }, 60_000);

  it('agents list names it too', async () => {
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("desk finds the tools of wide through search_tools: each lists tools past 4 MiB; its other servers' tools stay listed (tool mode all).");
  }, 60_000);

  it('its listing switch is one audit entry (the agent, the server searched, its size), and status shows it', async () => {
    const client = new Client({ name: 'desk', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      for (let i = 0; i < 3; i++) expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_tools');
    } finally {
      await client.close();
    }
    const entries = ((await served.api('readAudit', { agent: 'desk' })).body.result as AuditEntry[]).filter((e) => e.kind === 'listing');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ agent: 'desk', server: 'wide', tool: 'tools/list', outcome: 'ok', listing: { every: false, boundBytes: MAX_AGENT_LISTING_BYTES } });
    const size = entries[0]?.listing?.searched[0]?.bytes ?? 0;
    expect(entries[0]?.listing?.searched).toEqual([{ server: 'wide', bytes: size }]);
    expect(size).toBeGreaterThan(MAX_AGENT_LISTING_BYTES);

    const json = await runCli(home, ['status', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { listingBounds?: unknown }).listingBounds).toEqual([{ agent: 'desk', searched: [{ server: 'wide', bytes: size }], every: false, boundBytes: MAX_AGENT_LISTING_BYTES }]);
    const text = await runCli(home, ['status']);
    expect(text.stdout).toContain(`listing bound: agent "desk" finds the tools of "wide" (${(size / 1024 / 1024).toFixed(1)} MiB) through search_tools, each past 4.0 MiB listed; its other servers' tools stay listed`);
  }, 90_000);

  it('with the app stopped, agents list still names it, from the cached inventories', async () => {
    expect(await served.stop()).not.toBeNull();
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("desk finds the tools of wide through search_tools: each lists tools past 4 MiB; its other servers' tools stay listed (tool mode all).");
    const json = await runCli(home, ['agents', 'list', '--json']);
    expect((JSON.parse(json.stdout) as Array<{ name: string; boundSearched?: unknown }>).find((a) => a.name === 'desk')?.boundSearched).toEqual(['wide']);
  }, 60_000);
});
