import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { connectAgent, firstText, INITIALIZE, mcpHeaders, rawRequest, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { EVERYTHING } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'stored-agents-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/**
 * A program's own bridge (no app running) serves the agents it declared, never agents.json's: their
 * asks are the person's to answer in the app, not the program's (docs/library.md).
 */
describe("the library's own bridge and the stored agents", () => {
  let cs: ConnectedServices | undefined;
  let agent: AgentClient | undefined;
  afterEach(async () => {
    await agent?.close().catch(() => undefined);
    await cs?.close();
    agent = cs = undefined;
  });

  it("refuses a stored agent's initialize, pointing it to the app's bridge; the code agent works", async () => {
    const home = await passphraseHome(ENV, 'cs-lib-stored-');
    const added = await runCli(home, ['agents', 'add', 'stored', '--servers', '*', '--policy', 'read=ask,write=ask,destructive=ask', '--json'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    const storedToken = (JSON.parse(added.stdout) as { token: string }).token;
    const agentsFile = readFileSync(join(home, 'agents.json'), 'utf8');
    cs = await openConnectedServices({
      home,
      env: { ...process.env, ...ENV },
      bridgePort: 0,
      servers: { mine: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
      agents: { runtime: { servers: ['mine'], policy: { read: 'allow', write: 'allow' } } },
    });
    expect(cs.mode).toBe('in-process');
    await cs.approveServer('mine');
    const handle = cs.codeAgents['runtime'];
    const port = Number(new URL(handle?.url ?? '').port);

    const refused = await rawRequest(port, { headers: mcpHeaders(port, storedToken), body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(refused.body).toContain("this agent is served by the app's bridge");
    expect(await cs.api.listApprovals({})).toEqual([]);

    agent = await connectAgent(handle?.url ?? '', handle?.token ?? '');
    const result = await agent.client.callTool({ name: 'mine__echo', arguments: { message: 'from the program' } });
    expect(firstText(result)).toBe('Echo: from the program');
    // agents.json is the person's: the program's bridge left it as it was.
    expect(readFileSync(join(home, 'agents.json'), 'utf8')).toBe(agentsFile);
  }, 120_000);
});
