import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { INITIALIZE, mcpHeaders, rawRequest } from '../support/bridge-harness';
import { passphraseHome } from '../support/passphrase-home';
import { runScript, type LineReader } from '../support/packed-install';
import { eventually, startServe, type Served } from '../support/serve';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'library');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'shared-names-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

interface Waiting {
  id: string;
  method: string;
}
interface Row {
  name: string;
  commandLine?: string;
}

/** Programs sharing one app each keep the names they declared (docs/library.md). */
describe('two programs through one app', () => {
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
  const run = (home: string, script: string, mode: string): LineReader => {
    const program = runScript(FIXTURES, script, [home, mode], ENV);
    programs.push(program);
    return program;
  };
  const first = async (app: Served, home: string): Promise<{ program: LineReader; port: number; token: string }> => {
    const program = run(home, 'declare-and-wait.mjs', 'declare');
    await confirm(app, 'declareServers');
    await confirm(app, 'declareAgents');
    const opened = await program.next();
    expect(opened).toMatchObject({ step: 'opened', mode: 'app' });
    return { program, port: Number(new URL(String(opened['url'])).port), token: String(opened['token']) };
  };
  const status = async (port: number, token: string): Promise<number> => (await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE })).status;
  const zombiesrv = async (app: Served): Promise<Row | undefined> => ((await app.api('status')).body.result as { servers: Row[] }).servers.find((s) => s.name === 'zombiesrv');

  it("one program's forgetting leaves another running program's servers and agents alone", async () => {
    const home = await passphraseHome(ENV, 'cs-shared-forget-');
    served = await startServe(home, [], ENV);
    const { port, token } = await first(served, home);
    const other = run(home, 'other-program.mjs', 'forget');
    expect(await other.next()).toMatchObject({ step: 'closed', mode: 'app' });
    expect(await zombiesrv(served)).toBeDefined();
    expect(await status(port, token)).toBe(200);
  }, 120_000);

  it("a name a running program declared is refused to another, naming it; once that program ended the name may move", async () => {
    const home = await passphraseHome(ENV, 'cs-shared-declare-');
    served = await startServe(home, [], ENV);
    const app = served;
    const { program, port, token } = await first(app, home);
    const refused = await run(home, 'other-program.mjs', 'declare-same').next();
    expect(refused).toMatchObject({ step: 'refused', code: 'invalid_input' });
    expect(String(refused['message'])).toContain(`"zombiesrv" is already declared in code by another program that still runs (pid ${program.child.pid})`);
    expect(String(refused['hint'])).toContain('Choose another name');
    // Refused before the person was asked; the first program's server and token are its own still.
    expect(((await app.api('listConfirmations')).body.result as Waiting[]).length).toBe(0);
    expect((await zombiesrv(app))?.commandLine).toContain('echo');
    expect(await status(port, token)).toBe(200);

    program.child.kill('SIGKILL');
    await eventually(async () => ((await zombiesrv(app)) === undefined ? true : undefined), 15_000);
    const second = run(home, 'other-program.mjs', 'declare-same');
    await confirm(app, 'declareServers');
    await confirm(app, 'declareAgents');
    expect(await second.next()).toMatchObject({ step: 'opened', mode: 'app' });
  }, 120_000);
});
