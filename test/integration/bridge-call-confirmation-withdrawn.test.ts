import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';
import { agentThroughServe } from '../support/serve-agent';

type Listed = { id: string; method: string; input?: { id?: string } }[];

// Allowing an agent's call from the command line waits for the person; once the call ends, nobody waits for that answer.
describe('a confirmation to allow a call is withdrawn when the call ends', { timeout: 90_000 }, () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('the agent cancels: the confirmation leaves the list, its event says withdrawn, and answering it says so', async () => {
    const { client, close } = await agentThroughServe(served, 'canceller', ['--servers', 'everything', '--policy', 'read=ask,write=ask,destructive=ask']);
    try {
      const abort = new AbortController();
      const call = client.callTool({ name: 'everything__echo', arguments: { message: 'hello' } }, undefined, { signal: abort.signal }).then(
        () => 'answered',
        () => 'rejected',
      );
      const approval = await eventually(async () => ((await served.api('listApprovals', {})).body.result as { id: string }[])[0]);
      // From the command line, allowing is a widening: it waits for the person as a confirmation.
      const allow = await runCli(home, ['approvals', 'allow', approval.id]);
      expect(allow.code, allow.stderr).toBe(4);
      const waiting = /Request (c-[0-9a-f]+)/.exec(allow.stderr)?.[1] ?? '';
      const listed = (await served.api('listConfirmations', {})).body.result as Listed;
      expect(listed.find((c) => c.id === waiting)).toMatchObject({ method: 'decideApproval', input: { id: approval.id } });
      const decisions = async () => (await served.api('listDecisions', {})).body.result as { kind: string; id: string }[];
      expect((await decisions()).some((d) => d.kind === 'confirmation' && d.id === waiting)).toBe(true);

      abort.abort();
      expect(await call).toBe('rejected');
      await eventually(async () => (((await served.api('listApprovals', {})).body.result as unknown[]).length === 0 ? true : undefined));
      // The confirmation is gone: from the list, and from the decisions the app shows.
      await eventually(async () => (((await served.api('listConfirmations', {})).body.result as Listed).some((c) => c.id === waiting) ? undefined : true));
      expect((await decisions()).some((d) => d.id === waiting)).toBe(false);
      // Its end is in the admin log as withdrawn (the confirmationDecided event's outcome).
      const log = (await served.api('readAdminLog', {})).body.result as { confirmation?: string; outcome: string }[];
      expect(log.filter((e) => e.confirmation === waiting).map((e) => e.outcome)).toContain('withdrawn');
      // The person pressing Allow on it now is told it was withdrawn, and nothing is allowed.
      const late = await served.api('decideConfirmation', { id: waiting, decision: 'confirm' });
      expect(late.body.error?.message).toContain(`Change ${waiting} was withdrawn: the agent cancelled the call it would allow`);
    } finally {
      await close();
    }
  });
});
