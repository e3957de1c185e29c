import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { INITIALIZE, mcpHeaders, rawRequest } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { runScript, type LineReader } from '../support/packed-install';
import { eventually, startServe, type Served } from '../support/serve';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'library');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'program-ends-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

interface Waiting {
  id: string;
  method: string;
}

/** What a program declared or asked for through the app ends with the program (docs/library.md). */
describe('a program that ends while the app runs', () => {
  const programs: LineReader[] = [];
  let served: Served | undefined;
  afterEach(async () => {
    for (const program of programs.splice(0)) if (program.child.exitCode === null && program.child.signalCode === null) program.child.kill('SIGKILL');
    await served?.stop();
    served = undefined;
  });

  const confirm = async (app: Served, method: string): Promise<void> => {
    const waiting = await eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === method), 30_000);
    expect((await app.api('decideConfirmation', { id: waiting.id, decision: 'confirm' })).body.result).toMatchObject({ outcome: 'confirmed' });
  };

  const declared = async (app: Served, home: string): Promise<{ program: LineReader; port: number; token: string }> => {
    const program = runScript(FIXTURES, 'declare-and-wait.mjs', [home, 'declare'], ENV);
    programs.push(program);
    await confirm(app, 'declareServers');
    await confirm(app, 'declareAgents');
    const opened = await program.next();
    expect(opened).toMatchObject({ step: 'opened', mode: 'app' });
    const port = Number(new URL(String(opened['url'])).port);
    const token = String(opened['token']);
    expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE })).status).toBe(200);
    return { program, port, token };
  };

  const serverNames = async (app: Served): Promise<string[]> => ((await app.api('status')).body.result as { servers: { name: string }[] }).servers.map((s) => s.name);

  it('killed with -9: its agent\'s token stops working and its servers are gone within seconds', async () => {
    const home = await passphraseHome(ENV, 'cs-program-ends-');
    served = await startServe(home, [], ENV);
    const app = served;
    const { program, port, token } = await declared(app, home);
    expect(await serverNames(app)).toContain('zombiesrv');
    program.child.kill('SIGKILL');
    await eventually(async () => ((await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE })).status === 401 ? true : undefined), 15_000);
    expect(await serverNames(app)).not.toContain('zombiesrv');
    const agents = (await app.api('listAgents')).body.result as { name: string }[];
    expect(agents.map((a) => a.name)).not.toContain('zombie');
  }, 120_000);

  it('killed with -9: the next request with its agent\'s token is refused, without waiting for the app\'s periodic look', async () => {
    const home = await passphraseHome(ENV, 'cs-program-dies-');
    served = await startServe(home, [], ENV);
    const { program, port, token } = await declared(served, home);
    const exited = new Promise((resolve) => program.child.once('exit', resolve));
    program.child.kill('SIGKILL');
    await exited;
    // Past the bridge's short cache of its last look at the program (LIVENESS_CACHE_MS, 250 ms), well before the 3 s sweep.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE })).status).toBe(401);
  }, 120_000);

  it('the person removes a code agent and a code server from the command line; the token stops working at once', async () => {
    const home = await passphraseHome(ENV, 'cs-program-removed-');
    served = await startServe(home, [], ENV);
    const app = served;
    const { port, token } = await declared(app, home);
    const agent = await runCli(home, ['agents', 'remove', 'zombie'], { env: ENV });
    expect(agent.code, agent.stderr).toBe(0);
    expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE })).status).toBe(401);
    const server = await runCli(home, ['servers', 'remove', 'zombiesrv'], { env: ENV });
    expect(server.code, server.stderr).toBe(0);
    expect(await serverNames(app)).not.toContain('zombiesrv');
  }, 120_000);

  it('a request the program stopped waiting for (timeout) is gone from the person\'s list', async () => {
    const home = await passphraseHome(ENV, 'cs-program-timeout-');
    served = await startServe(home, [], ENV);
    const app = served;
    const program = runScript(FIXTURES, 'declare-and-wait.mjs', [home, 'timeout'], ENV);
    programs.push(program);
    // The request is in the person's list only for the program's 1.5 s: the admin log's "waiting" below shows it got there.
    expect(await program.next()).toMatchObject({ step: 'refused', code: 'timeout' });
    // The program still runs: the request went because it withdrew it, not because its asker exited.
    expect(program.child.exitCode).toBeNull();
    expect(((await app.api('listConfirmations')).body.result as Waiting[]).filter((c) => c.method === 'setSecret')).toEqual([]);
    // Its end says the program stopped waiting, not that time ran out.
    const log = (await app.api('readAdminLog', {})).body.result as { method: string; outcome: string }[];
    expect(log.filter((e) => e.method === 'setSecret').map((e) => e.outcome)).toEqual(expect.arrayContaining(['waiting', 'withdrawn']));
    expect(log.filter((e) => e.method === 'setSecret').map((e) => e.outcome)).not.toContain('expired');
  }, 120_000);
});
