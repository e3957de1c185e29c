import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { installPacked, runScript } from '../support/packed-install';
import { eventually, startServe, type Served } from '../support/serve';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'embedding');
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'embedding-test-passphrase' };

interface Waiting {
  id: string;
  method: string;
  from: string;
}

/**
 * The package as published: packed, installed into an empty project, imported by a runtime there.
 * The server it declares in code is the reference server the package itself depends on, as installed.
 */
describe('the library, installed from the packed package into an empty project', () => {
  let dir = '';
  let everything = '';
  let served: Served | undefined;

  beforeAll(() => {
    ({ dir } = installPacked());
    for (const script of ['runtime.mjs', 'twice.mjs']) copyFileSync(join(FIXTURES, script), join(dir, script));
    copyFileSync(join(FIXTURES, 'typed.ts.txt'), join(dir, 'typed.ts'));
    everything = join(dir, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  }, 300_000);
  afterAll(async () => {
    await served?.stop();
  });

  it('installs the entry, its declarations and no build leftovers', () => {
    const installed = join(dir, 'node_modules', 'connected-services');
    for (const file of ['dist/library.mjs', 'dist/library.d.ts', 'dist/cli.mjs', 'bin/connected-services.mjs']) expect(existsSync(join(installed, file)), file).toBe(true);
    expect(existsSync(join(installed, 'dist', 'library-types'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['.']).toEqual({ types: './dist/library.d.ts', import: './dist/library.mjs', require: './dist/library.mjs' });
    // Importing runs nothing: no CLI, no Electron, no core; the process ends on its own at once.
    const imported = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('connected-services'); console.log(Object.keys(m).sort().join(' '))"], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(imported).toBe('CodedError ERROR_CODES openConnectedServices waitingRequest\n');
    // From CommonJS too: Node 20.19+ loads an ES module with require() when it has no top-level await.
    const required = execFileSync(process.execPath, ['-e', "const m = require('connected-services'); console.log(Object.keys(m).sort().join(' '))"], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(required).toBe(imported);
  });

  it('type-checks a runtime against the installed declarations', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types'), 'typed.ts'];
    const run = (): string => execFileSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(run).not.toThrow();
  }, 150_000);

  it('in its own process: declares a server in code, approves it, calls a tool', async () => {
    const home = await passphraseHome(ENV, 'cs-embed-own-');
    const runtime = runScript(dir, 'runtime.mjs', [home, everything], ENV);
    expect(await runtime.next()).toEqual({ step: 'opened', mode: 'in-process', fromCode: true, approval: 'pending' });
    expect(await runtime.next()).toEqual({ step: 'disable', refused: 'The server "mine" is declared in code, so it cannot be disabled here' });
    expect(await runtime.next()).toEqual({ step: 'approved' });
    expect(await runtime.next()).toMatchObject({ step: 'called', result: { content: [{ type: 'text', text: 'Echo: from code' }] } });
    expect((await runtime.next()).states).toContain('ready');
    expect(await runtime.next()).toEqual({ step: 'closed' });
    // Declared in code only: mcp.json never had it.
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('"mine"');
  }, 120_000);

  it('a name both in code and in mcp.json is an error naming both places', async () => {
    const home = await passphraseHome(ENV, 'cs-embed-twice-');
    // The person's mcp.json already names it (a program's new folder starts empty).
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }), { mode: 0o600 });
    const twice = runScript(dir, 'twice.mjs', [home], ENV);
    const answer = await twice.next();
    expect(answer).toMatchObject({ code: 'invalid_input' });
    expect(answer['message']).toBe(`The server "everything" is declared twice: in code (the servers given to openConnectedServices) and in ${join(home, 'mcp.json')}`);
  }, 60_000);

  it('with an app running for the folder: goes through it, and each widening waits for the person there', async () => {
    const home = await passphraseHome(ENV, 'cs-embed-app-');
    served = await startServe(home, [], ENV);
    const app = served;
    const waiting = async (method: string): Promise<Waiting> =>
      eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === method), 30_000);
    const confirm = async (id: string): Promise<unknown> => {
      const decided = (await app.api('decideConfirmation', { id, decision: 'confirm' })).body.result as { outcome: string; result?: unknown };
      expect(decided.outcome).toBe('confirmed');
      return decided.result;
    };
    const runtime = runScript(dir, 'runtime.mjs', [home, everything], ENV);

    // Declaring servers in code is a widening: the runtime waits until the person confirms it.
    const declare = await waiting('declareServers');
    expect(declare.from).toBe('cli');
    await new Promise((r) => setTimeout(r, 1500));
    expect(runtime.pending(), 'the runtime went on before the person confirmed').toBe(0);
    expect(((await app.api('status')).body.result as { servers: { name: string }[] }).servers.map((s) => s.name)).not.toContain('mine');
    await confirm(declare.id);
    expect(await runtime.next()).toEqual({ step: 'opened', mode: 'app', fromCode: true, approval: 'pending' });
    const row = ((await app.api('status')).body.result as { servers: { name: string; fromCode?: boolean }[] }).servers.find((s) => s.name === 'mine');
    expect(row?.fromCode).toBe(true);
    expect(await runtime.next()).toEqual({ step: 'disable', refused: 'The server "mine" is declared in code, so it cannot be disabled here' });

    const approve = await waiting('approveServer');
    expect(runtime.pending()).toBe(0);
    // The command line lists it marked, and cannot disable it either.
    const list = await runCli(home, ['servers', 'list'], { env: ENV });
    expect(list.stdout).toMatch(/^mine\s+stdio\s+\S.*\(from code\) /m);
    const disable = await runCli(home, ['servers', 'disable', 'mine'], { env: ENV });
    expect(disable.code).toBe(2);
    expect(disable.stderr).toContain('The server "mine" is declared in code, so it cannot be disabled here');
    await confirm(approve.id);
    expect(await runtime.next()).toEqual({ step: 'approved' });

    // The call runs in the app (its answer is the one the person's confirmation ran), as the person's.
    const call = await waiting('callTool');
    expect(runtime.pending()).toBe(0);
    const ran = await confirm(call.id);
    expect(ran).toMatchObject({ content: [{ type: 'text', text: 'Echo: from code' }] });
    expect(await runtime.next()).toEqual({ step: 'called', result: ran });
    expect((await runtime.next()).states).toContain('ready');
    expect(await runtime.next()).toEqual({ step: 'closed' });
    // Closing forgets what it declared in the app.
    const names = ((await app.api('status')).body.result as { servers: { name: string }[] }).servers.map((s) => s.name);
    expect(names).not.toContain('mine');
  }, 180_000);
});
