import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { connectAgent, INITIALIZE, mcpHeaders, rawRequest, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { runScript, type LineReader } from '../support/packed-install';
import { freePort } from '../support/ports';
import { startServe, type Served } from '../support/serve';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'library');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'own-bridge-port-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

interface Opened {
  step: 'opened';
  mode: string;
  url: string;
  token: string;
  configs: Record<string, string>;
}

/**
 * A program's own bridge (docs/library.md) never takes the app's port: when the app starts later it
 * gets its port, the stored agents set up for it reach it, and the program's agent keeps its own.
 */
describe("a program's own bridge and the app's port", () => {
  const programs: LineReader[] = [];
  const agents: AgentClient[] = [];
  let served: Served | undefined;
  afterEach(async () => {
    for (const agent of agents.splice(0)) await agent.close().catch(() => undefined);
    await served?.stop();
    served = undefined;
    for (const program of programs.splice(0)) {
      if (program.child.exitCode !== null) continue;
      await new Promise((resolve) => {
        program.child.once('exit', resolve);
        program.child.kill('SIGTERM');
      });
    }
  });

  it('takes a free port; serve started afterwards takes its own, where the stored agent works; the program refuses the app port', async () => {
    const home = await passphraseHome(ENV, 'cs-lib-own-port-');
    mkdirSync(home, { recursive: true });
    // The app's port, as a person sets it (a fixed port rather than 47781, which another run may hold).
    const appPort = await freePort();
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: appPort } }));
    const added = await runCli(home, ['agents', 'add', 'stored', '--servers', '*', '--json'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    const storedToken = (JSON.parse(added.stdout) as { token: string }).token;

    const taking = runScript(FIXTURES, 'own-bridge.mjs', [home, String(appPort)], ENV);
    programs.push(taking);
    const refused = await taking.next();
    expect(refused).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(refused['message']).toContain(`Port ${appPort} is the app's agent bridge port (settings.bridgePort in ${join(home, 'mcp.json')}`);

    const program = runScript(FIXTURES, 'own-bridge.mjs', [home, '', 'stored'], ENV);
    programs.push(program);
    const opened = (await program.next()) as unknown as Opened;
    expect(opened).toMatchObject({ step: 'opened', mode: 'in-process' });
    const programPort = Number(new URL(opened.url).port);
    expect(programPort).not.toBe(appPort);
    // Asked in the program, a stored agent's entry names the app's bridge; its own agent's, the program's.
    expect(opened.configs['stored']).toContain(`http://127.0.0.1:${appPort}/mcp`);
    expect(opened.configs['stored']).not.toContain(opened.url);
    expect(opened.configs['runtime']).toContain(opened.url);

    // The app starts later, on its port (the one settings.bridgePort names), which the program left free.
    served = await startServe(home, ['--bridge-port', String(appPort)], ENV);
    expect(served.bridge).toBe(`http://127.0.0.1:${appPort}/mcp`);
    const stored = await connectAgent(served.bridge ?? '', storedToken, 'stored-agent');
    agents.push(stored);
    expect(Array.isArray((await stored.client.listTools()).tools)).toBe(true);

    // At the program's bridge, the stored agent hears where it belongs, never "the app is not running".
    const atProgram = await rawRequest(programPort, { headers: mcpHeaders(programPort, storedToken), body: INITIALIZE });
    expect(atProgram.status).toBe(401);
    expect(atProgram.body).toContain("this agent is served by the app's bridge");
    expect(atProgram.body).not.toContain('the app is not running');

    // The program's agent still calls through the program's bridge.
    const own = await connectAgent(opened.url, opened.token, 'code-agent');
    agents.push(own);
    expect(Array.isArray((await own.client.listTools()).tools)).toBe(true);
  }, 120_000);

  it("a port in use is told with the program's own option, not serve's flag or mcp.json", async () => {
    const home = await passphraseHome(ENV, 'cs-lib-port-busy-');
    mkdirSync(home, { recursive: true });
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const busy = (holder.address() as { port: number }).port;
    try {
      const program = runScript(FIXTURES, 'own-bridge.mjs', [home, String(busy)], ENV);
      programs.push(program);
      const refused = await program.next();
      expect(refused).toMatchObject({ step: 'refused' });
      const told = `${String(refused['message'])} ${String(refused['hint'])}`;
      expect(told).toContain(`port ${busy} is in use`);
      expect(told).toContain('bridgePort to openConnectedServices');
      expect(told).not.toContain('--bridge-port');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 120_000);
});
