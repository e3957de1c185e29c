import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallApprovalQueue, type DecidedApproval, type PendingApproval } from './call-approval-queue';
import { StoppedWaiting } from './stopped-waiting';

afterEach(() => {
  vi.useRealTimers();
});

function queue(timeoutMs = 60_000): { q: CallApprovalQueue; remembered: string[]; pending: PendingApproval[]; decided: DecidedApproval[] } {
  const remembered: string[] = [];
  const q = new CallApprovalQueue({
    timeoutMs,
    now: () => 1_000,
    remember: (agent, server, tool) => {
      remembered.push(`${agent}/${server}/${tool}`);
      return Promise.resolve();
    },
  });
  const pending: PendingApproval[] = [];
  const decided: DecidedApproval[] = [];
  q.on('pending', (p) => pending.push(p));
  q.on('decided', (d) => decided.push(d));
  return { q, remembered, pending, decided };
}

describe('CallApprovalQueue', () => {
  it('announces a request without arguments and releases it on allow', async () => {
    const { q, pending, decided } = queue();
    const waiting = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toEqual({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write', id: expect.any(String) as string, requestedAt: 1_000, expiresAt: 61_000 });
    expect(q.list().map((p) => p.id)).toEqual([pending[0]?.id]);
    await q.allow(pending[0]?.id ?? '');
    const result = await waiting;
    expect(result).toMatchObject({ outcome: 'allowed', reason: 'person', remember: false });
    expect(decided).toHaveLength(1);
    expect(q.list()).toEqual([]);
  });

  it('denies on deny, on timeout, on abort and on close', async () => {
    vi.useFakeTimers();
    const { q, pending } = queue(5_000);
    const denied = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    q.deny(pending[0]?.id ?? '');
    expect(await denied).toMatchObject({ outcome: 'denied', reason: 'person' });

    const timedOut = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await timedOut).toMatchObject({ outcome: 'denied', reason: 'timeout' });

    const controller = new AbortController();
    const aborted = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' }, controller.signal);
    controller.abort();
    expect(await aborted).toMatchObject({ outcome: 'denied', reason: 'cancelled' });

    // The stream that would carry the answer closed: the agent stopped waiting, whenever it happened.
    const gone = new AbortController();
    const withdrawn = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' }, gone.signal);
    gone.abort(new StoppedWaiting());
    expect(await withdrawn).toMatchObject({ outcome: 'denied', reason: 'gone' });
    expect(await q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' }, AbortSignal.abort(new StoppedWaiting()))).toMatchObject({ reason: 'gone' });
    expect(q.list()).toEqual([]);

    const closed = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    q.close();
    expect(await closed).toMatchObject({ outcome: 'denied', reason: 'closed' });
    expect(await q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' })).toMatchObject({ outcome: 'denied', reason: 'closed' });
  });

  it('remembers: persists, and releases the same tool waiting for the same agent only', async () => {
    const { q, pending, remembered } = queue();
    const first = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    const twin = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    const otherAgent = q.request({ agent: 'b', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    await q.allow(pending[0]?.id ?? '', { remember: true });
    expect(remembered).toEqual(['a/s/t']);
    expect(await first).toMatchObject({ outcome: 'allowed', reason: 'person', remember: true });
    expect(await twin).toMatchObject({ outcome: 'allowed', reason: 'remembered' });
    expect(q.list().map((p) => p.agent)).toEqual(['b']);
    q.deny(pending[2]?.id ?? '');
    expect(await otherAgent).toMatchObject({ outcome: 'denied' });
  });

  it('refuses unknown or already decided ids with not_found', async () => {
    const { q, pending } = queue();
    await expect(q.allow('nope')).rejects.toMatchObject({ code: 'not_found' });
    expect(() => q.deny('nope')).toThrow(expect.objectContaining({ code: 'not_found' }));
    const waiting = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 't', tier: 'write' });
    q.deny(pending[0]?.id ?? '');
    await waiting;
    expect(() => q.deny(pending[0]?.id ?? '')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('never remembers a prompt or resource read (a rule would allow a tool of that name) nor lets one release a tool call', async () => {
    const { q, pending, remembered } = queue();
    const read = q.request({ agent: 'a', server: 's', kind: 'prompt', tool: 'delete_everything', tier: 'read' });
    const tool = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 'delete_everything', tier: 'destructive' });
    await expect(q.allow(pending[0]?.id ?? '', { remember: true })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(remembered).toEqual([]);
    expect(q.list()).toHaveLength(2);
    await q.allow(pending[0]?.id ?? '');
    expect(await read).toMatchObject({ outcome: 'allowed', remember: false });
    expect(q.list().map((p) => p.kind)).toEqual(['tool']);
    q.close();
    expect(await tool).toMatchObject({ outcome: 'denied', reason: 'closed' });
  });

  it('never remembers a call held for a value from the vault (held whatever a rule says), and allows nothing', async () => {
    const { q, pending, remembered } = queue();
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const held = q.request({ agent: 'a', server: 's', kind: 'tool', tool: 'echo', tier: 'read', warning });
    await expect(q.allow(pending[0]?.id ?? '', { remember: true })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(`held because ${warning}`) as unknown,
    });
    expect(remembered).toEqual([]);
    expect(q.list()).toHaveLength(1);
    await q.allow(pending[0]?.id ?? '');
    expect(await held).toMatchObject({ outcome: 'allowed', reason: 'person', remember: false });
  });

  it("refuses an agent's calls beyond the limit of waiting ones, others still queue", async () => {
    const q = new CallApprovalQueue({ maxPendingPerAgent: 2, remember: () => Promise.resolve() });
    const ask = (agent: string) => q.request({ agent, server: 's', kind: 'tool', tool: 't', tier: 'write' });
    void ask('a');
    void ask('a');
    expect(await ask('a')).toMatchObject({ outcome: 'denied', reason: 'flood' });
    void ask('b');
    expect(q.list().map((p) => p.agent)).toEqual(['a', 'a', 'b']);
    q.close();
  });

  it('denies everything waiting when the bridge is paused, and redacts what the person is shown', async () => {
    const { q, pending } = queue();
    const waiting = q.request({ agent: 'a', server: 's', kind: 'resource', tool: 'https://x.test/doc?access_token=SEKRET-abc123456', tier: 'read' });
    expect(pending[0]?.tool).not.toContain('SEKRET');
    q.denyAll('paused');
    expect(await waiting).toMatchObject({ outcome: 'denied', reason: 'paused' });
    expect(q.list()).toEqual([]);
  });
});
