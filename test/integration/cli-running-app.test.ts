import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

interface Row {
  name: string;
  state: string;
  enabled: boolean;
}

/** The program file of a copy of our fault server (its bundle, or its source under tsx). */
const FAULT_PROGRAM = tsEntry(FAULT_SERVER).at(-1) ?? FAULT_SERVER;

/**
 * The live copies of our fault server started with this marker in their environment: tsx's esbuild
 * service, which a copy may start to compile it, inherits the marker too and is not a copy.
 */
function processesMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      // A zombie is not a running copy.
      if (environ.split('\0').includes(marker) && command.includes(FAULT_PROGRAM) && !/\) Z /.test(stat)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

function statesOf(json: string): Record<string, string> {
  const status = JSON.parse(json) as { servers: Row[] };
  return Object.fromEntries(status.servers.map((s) => [s.name, s.enabled ? s.state : 'disabled']));
}

describe.skipIf(process.platform !== 'linux')('one place of truth: while an app runs, the CLI reads and acts through it', () => {
  const marker = `CS_ONE_TRUTH=${randomUUID()}`;
  let home: string;
  let served: Served | undefined;
  let pidFile: string;

  beforeAll(async () => {
    home = tempHome('cs-one-truth-');
    // Set up before the app runs: the command line acts on its own core.
    pidFile = join(home, '..', 'fault.pid');
    // Every copy of the server writes its pid there when it starts (test/fixtures/servers/fault-server.ts).
    const add = await runCli(home, ['servers', 'add', 'fault', '--env', marker, '--env', `PID_FILE=${pidFile}`, '--cwd', ROOT, '--', process.execPath, ...tsEntry(FAULT_SERVER)]);
    expect(add.code, add.stderr).toBe(0);
    const approve = await runCli(home, ['servers', 'approve', 'fault', '--yes']);
    expect(approve.code, approve.stderr).toBe(0);
    served = await startServe(home);
    const connected = await served.api('connect', { name: 'fault' });
    expect(connected.body.result, JSON.stringify(connected.body)).toMatchObject({ state: 'ready' });
    // Stop one in the app, so "disabled" and "ready" are both the app's to tell.
    await served.api('setServerEnabled', { name: 'memory', enabled: false });
    // The app's warm-up and the connect above may overlap: wait until one copy is left.
    await eventually(async () => Promise.resolve(processesMarked(marker).length === 1 ? true : undefined));
    // And until the demo servers the app warms up have settled, so its states hold still while compared.
    await eventually(async () => {
      const states = Object.values(statesOf(JSON.stringify((await served?.api('status'))?.body.result)));
      return states.includes('starting') ? undefined : true;
    }, 30_000);
  }, 90_000);
  afterAll(async () => {
    await served?.stop();
  });

  it('status --json and servers list show the app\'s real states, not a fresh idle copy', async () => {
    const app = statesOf(JSON.stringify((await served?.api('status'))?.body.result));
    expect(app['fault']).toBe('ready');
    const cli = await runCli(home, ['status', '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(statesOf(cli.stdout)).toEqual(app);
    const list = await runCli(home, ['servers', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^fault\s+stdio\s+ready\s/m);
    expect(list.stdout).toMatch(/^memory\s+stdio\s+disabled\s/m);
  }, 60_000);

  it('starts no second copy of a server: tools, connect and call use the app\'s', async () => {
    const [first] = processesMarked(marker);
    expect(processesMarked(marker)).toHaveLength(1);
    const tools = await runCli(home, ['tools', 'fault', '--refresh']);
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('slow');
    expect(readFileSync(pidFile, 'utf8'), 'tools --refresh started a copy of its own').toBe(String(first));
    const connect = await runCli(home, ['connect', 'fault']);
    expect(connect.code, connect.stderr).toBe(0);
    expect(connect.stdout).toContain('fault: ready');
    expect(connect.stderr).toContain('in the app running at');
    // A name the app does not have: the error alone, with the one it likely meant.
    const typo = await runCli(home, ['connect', 'fualt']);
    expect(typo.code).toBe(3);
    expect(typo.stderr).not.toContain('Connecting');
    expect(typo.stderr).toMatch(/^error \[not_found\]: [^\n]*"fualt"[^]*Did you mean `?fault`?\?/);

    // A call from the command line is a widening: it waits for the person (exit 4), with its timeout kept.
    const call = await runCli(home, ['call', 'fault', 'slow', '{"ms":3000}', '--timeout', '300']);
    expect(call.code, call.stderr).toBe(4);
    const id = /Request (c-[0-9a-f]+)/.exec(call.stderr)?.[1];
    const waiting = (await served?.api('listConfirmations'))?.body.result as { id: string; method: string; input: { timeoutMs?: number } }[];
    expect(waiting.find((c) => c.id === id)).toMatchObject({ method: 'callTool', input: { timeoutMs: 300 } });
    const decided = await served?.api('decideConfirmation', { id, decision: 'confirm' });
    expect(JSON.stringify(decided?.body)).toMatch(/timeout|did not answer|took longer/i);

    const pid = await runCli(home, ['call', 'fault', 'pid']);
    expect(pid.code, pid.stderr).toBe(4);
    const pidId = /Request (c-[0-9a-f]+)/.exec(pid.stderr)?.[1];
    const answer = await served?.api('decideConfirmation', { id: pidId, decision: 'confirm' });
    expect(JSON.stringify(answer?.body)).toContain(String(first));
    expect(processesMarked(marker)).toEqual([first]);
    // No copy was started by any of these commands, not even one that exited with its command.
    expect(readFileSync(pidFile, 'utf8')).toBe(String(first));
  }, 90_000);

  it('arguments nested too deeply to send are invalid input (exit 2), not an app that did not answer', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const call = await runCli(home, ['call', 'everything', 'echo', deep]);
    expect(call.code, call.stderr).toBe(2);
    expect(call.stderr).toContain('error [invalid_input]: The input of callTool cannot be sent to the running app as JSON: it is nested too deeply');
  });

  it('narrowing changes act in the app at once; an unknown server is not_found (exit 3)', async () => {
    const disable = await runCli(home, ['servers', 'disable', 'fault']);
    expect(disable.code, disable.stderr).toBe(0);
    await eventually(async () => (statesOf(JSON.stringify((await served?.api('status'))?.body.result))['fault'] === 'disabled' ? true : undefined));
    await eventually(async () => Promise.resolve(processesMarked(marker).length === 0 ? true : undefined));
    const missing = await runCli(home, ['call', 'nosuch', 'echo']);
    expect(missing.code, missing.stderr).toBe(3);
    expect(missing.stderr).toContain('`connected-services servers list`');
  }, 60_000);

  it('hands the app an absolute --path to import (the app has a working folder of its own)', async () => {
    const source = join(home, '..', 'claude_desktop_config.json');
    writeFileSync(source, JSON.stringify({ mcpServers: { notes: { command: 'npx', args: ['-y', 'notes-server'] } } }));
    const imported = await runCli(home, ['import', 'claude-desktop', '--path', relative(process.cwd(), source)]);
    expect(imported.code, imported.stderr).toBe(4);
    const id = /Request (c-[0-9a-f]+)/.exec(imported.stderr)?.[1];
    const waiting = (await served?.api('listConfirmations'))?.body.result as { id: string; input: { path?: string } }[];
    expect(waiting.find((c) => c.id === id)?.input.path).toBe(source);
  }, 30_000);

  it('works alone again once the app has stopped', async () => {
    await served?.stop();
    served = undefined;
    await eventually(async () => Promise.resolve(existsSync(join(home, 'runtime.json')) ? undefined : true));
    const status = await runCli(home, ['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    // Its own core: nothing runs here, and the entry disabled through the app stays disabled.
    expect(statesOf(status.stdout)).toMatchObject({ fault: 'disabled', everything: 'idle' });
    const enable = await runCli(home, ['servers', 'enable', 'fault']);
    expect(enable.code, enable.stderr).toBe(0);
    const pid = await runCli(home, ['call', 'fault', 'pid']);
    expect(pid.code, pid.stderr).toBe(0);
    expect(Number(pid.stdout.trim())).toBeGreaterThan(0);
  }, 60_000);
});
