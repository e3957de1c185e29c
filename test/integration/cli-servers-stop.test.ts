import { describe, expect, it } from 'vitest';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

interface Row {
  name: string;
  state: string;
}

async function statesIn(served: Served): Promise<Record<string, string>> {
  const status = (await served.api('status', {})).body.result as { servers: Row[] };
  return Object.fromEntries(status.servers.map((s) => [s.name, s.state]));
}

describe('CLI: servers stop', () => {
  it('needs a name or --all; with nothing running says so; an unknown name is not found', async () => {
    const home = tempHome('cs-cli-stop-');
    const neither = await runCli(home, ['servers', 'stop']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Give a server name or --all');
    const none = await runCli(home, ['servers', 'stop', '--all']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('No server is running.\n');
    const idle = await runCli(home, ['servers', 'stop', 'memory']);
    expect(idle.code, idle.stderr).toBe(0);
    expect(idle.stdout).toBe('memory was not running (idle).\n');
    expect((await runCli(home, ['servers', 'stop', 'nope'])).code).toBe(3);
  }, 60_000);

  it('while an app runs: stops a server there, and --all stops every running one, naming each', async () => {
    const home = tempHome('cs-cli-stop-app-');
    expect((await runCli(home, ['servers', 'add', 'fault', '--cwd', ROOT, '--', process.execPath, ...tsEntry(FAULT_SERVER)])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'fault', '--yes'])).code).toBe(0);
    const served = await startServe(home);
    try {
      expect((await served.api('connect', { name: 'fault' })).body.result).toMatchObject({ state: 'ready' });
      const stopped = await runCli(home, ['servers', 'stop', 'fault']);
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toBe('Stopped fault.\n');
      expect((await statesIn(served))['fault']).toBe('stopped');

      expect((await served.api('connect', { name: 'fault' })).body.result).toMatchObject({ state: 'ready' });
      // The app warms up its demo servers too: wait until none is still starting, then all stop.
      const running = await eventually(async () => {
        const states = await statesIn(served);
        if (Object.values(states).includes('starting')) return undefined;
        return Object.keys(states).filter((name) => states[name] === 'ready');
      }, 30_000);
      expect(running).toContain('fault');
      const all = await runCli(home, ['servers', 'stop', '--all']);
      expect(all.code, all.stderr).toBe(0);
      expect(all.stdout.trim().split('\n').sort()).toEqual(running.map((name) => `Stopped ${name}.`).sort());
      const after = await statesIn(served);
      expect(Object.values(after).filter((state) => state === 'ready' || state === 'starting')).toEqual([]);
    } finally {
      await served.stop();
    }
  }, 90_000);
});
