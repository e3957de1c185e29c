import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface Row {
  outcome: string;
  confirmation?: string;
  method: string;
}

// A request waiting for the person lives in the app's process: when the app stops, the Changes log
// says it expired, where it used to stay "waiting" for ever (Activity → Changes after a restart).
describe('a change left waiting when the app stops', () => {
  const serves: Served[] = [];
  afterAll(async () => {
    for (const served of serves) await served.stop();
  });

  it('is logged as expired once the app has stopped', async () => {
    const home = tempHome('cs-confirm-stop-');
    const served = await startServe(home);
    serves.push(served);
    const call = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}', '--json']);
    expect(call.code, call.stderr).toBe(4);
    const id = (JSON.parse(call.stderr) as { error: { data: { confirmation: string } } }).error.data.confirmation;
    expect(await served.stop()).toBe(0);

    const rows = readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Row);
    expect(rows.filter((row) => row.confirmation === id).map((row) => [row.method, row.outcome])).toEqual([
      ['callTool', 'waiting'],
      ['callTool', 'expired'],
    ]);
  }, 90_000);

  it('is shown as expired once the app that held it was killed (no row says how it ended)', async () => {
    const home = tempHome('cs-confirm-kill-');
    const served = await startServe(home);
    serves.push(served);
    const call = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}', '--json']);
    expect(call.code, call.stderr).toBe(4);
    const id = (JSON.parse(call.stderr) as { error: { data: { confirmation: string } } }).error.data.confirmation;
    const exited = new Promise((resolve) => served.child.once('exit', resolve));
    served.child.kill('SIGKILL');
    await exited;
    serves.splice(serves.indexOf(served), 1);
    const rows = readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Row);
    expect(rows.filter((row) => row.confirmation === id).map((row) => row.outcome)).toEqual(['waiting']);

    const again = await startServe(home);
    serves.push(again);
    const read = await again.api('readAdminLog', { limit: 50 });
    const shown = (read.body.result as Row[]).filter((row) => row.confirmation === id);
    expect(shown.map((row) => [row.method, row.outcome])).toEqual([['callTool', 'expired']]);
  }, 120_000);
});
