import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { passphraseHome } from '../support/passphrase-home';
import { runScript, type LineReader } from '../support/packed-install';
import { eventually, startServe, type Served } from '../support/serve';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'library');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'before-app-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** A program that opened its own core before the app started does not widen access past the app (docs/library.md). */
describe('a library opened before the app', () => {
  let program: LineReader | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    if (program && program.child.exitCode === null && program.child.signalCode === null) program.child.kill('SIGKILL');
    await served?.stop();
    served = undefined;
  });

  it('refuses a widening in its own core once an app runs for the folder, and goes through the app when opened again', async () => {
    const home = await passphraseHome(ENV, 'cs-before-app-');
    program = runScript(FIXTURES, 'open-before-app.mjs', [home], ENV);
    expect(await program.next()).toMatchObject({ step: 'opened', mode: 'in-process' });
    served = await startServe(home, [], ENV);
    const refused = await program.next();
    expect(refused).toMatchObject({ step: 'refused', code: 'denied' });
    expect(String(refused['message'])).toContain('An app now runs for this data folder');
    expect(String(refused['hint'])).toContain('Open again');
    expect(((await served.api('status')).body.result as { servers: { name: string }[] }).servers.map((s) => s.name)).not.toContain('late');
    expect(await program.next()).toMatchObject({ step: 'opened again', mode: 'app' });
  }, 120_000);

  it("is named by serve at its start: which pid, and that the program's servers run in its own process", async () => {
    const home = await passphraseHome(ENV, 'cs-before-app-named-');
    program = runScript(FIXTURES, 'open-before-app.mjs', [home], ENV);
    expect(await program.next()).toMatchObject({ step: 'opened', mode: 'in-process' });
    const pid = String(program.child.pid);
    served = await startServe(home, [], ENV);
    const app = served;
    const note = await eventually(() => Promise.resolve(app.stderr().split('\n').find((line) => line.includes('in its own process for this data folder'))), 30_000);
    expect(note).toContain(`A program runs Connected Services in its own process for this data folder (pid ${pid}, since `);
    expect(note).toContain("its servers and its agents' bridge run in that process, not in this app");
    expect(note).toContain('refused until it opens again (close, then openConnectedServices)');
    // Its close takes its mark away: opened again, it goes through the app and is named no more.
    expect(await program.next()).toMatchObject({ step: 'refused' });
    expect(await program.next()).toMatchObject({ step: 'opened again', mode: 'app' });
    expect(readdirSync(join(home, 'programs')).filter((name) => name.startsWith(`${pid}-`))).toEqual([]);
  }, 120_000);
});
