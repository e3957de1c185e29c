import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, hugeToolsServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// An `all` agent beside a server listing past 4 MiB: `agents config` and `agents list`, asking the
// running app, say which server it searches; the mode's own words say the bound.
describe('agents config and list under serve, a server past the listing bound', () => {
  let served: Served;
  let home: string;

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
});
