import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// A person told where to confirm must find the Confirm button there: the cards are under Activity's
// "Waiting for you" (renderer/views/activity/pending-approvals.tsx); "Changes" is the log, without buttons.
describe('the command line says where a waiting change is confirmed', () => {
  let home: string;
  let served: Served;

  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home, [], { CONNECTED_SERVICES_PASSPHRASE: 'pw' });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  it('points a widening change at Activity → Waiting for you, where its Confirm button is', async () => {
    const result = await runCli(home, ['secrets', 'set', 'DEMO_TOKEN'], { input: 'not-a-real-token' });
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toContain('Confirm it in Connected Services (Activity → Waiting for you)');
    expect(result.stderr).not.toContain('Activity → Changes');
  });
});
