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
});
