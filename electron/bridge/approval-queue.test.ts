import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalQueue, type DecidedApproval, type PendingApproval } from './approval-queue';

afterEach(() => {
  vi.useRealTimers();
});

function queue(timeoutMs = 60_000): { q: ApprovalQueue; remembered: string[]; pending: PendingApproval[]; decided: DecidedApproval[] } {
  const remembered: string[] = [];
  const q = new ApprovalQueue({
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

describe('ApprovalQueue', () => {
  it('announces a request without arguments and releases it on allow', async () => {
    const { q, pending, decided } = queue();
    const waiting = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toEqual({ agent: 'a', server: 's', tool: 't', tier: 'write', id: expect.any(String) as string, requestedAt: 1_000, expiresAt: 61_000 });
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
    const denied = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    q.deny(pending[0]?.id ?? '');
    expect(await denied).toMatchObject({ outcome: 'denied', reason: 'person' });

    const timedOut = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await timedOut).toMatchObject({ outcome: 'denied', reason: 'timeout' });

    const controller = new AbortController();
    const aborted = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' }, controller.signal);
    controller.abort();
    expect(await aborted).toMatchObject({ outcome: 'denied', reason: 'cancelled' });

    const closed = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    q.close();
    expect(await closed).toMatchObject({ outcome: 'denied', reason: 'closed' });
    expect(await q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' })).toMatchObject({ outcome: 'denied', reason: 'closed' });
  });

  it('remembers: persists, and releases the same tool waiting for the same agent only', async () => {
    const { q, pending, remembered } = queue();
    const first = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    const twin = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    const otherAgent = q.request({ agent: 'b', server: 's', tool: 't', tier: 'write' });
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
    const waiting = q.request({ agent: 'a', server: 's', tool: 't', tier: 'write' });
    q.deny(pending[0]?.id ?? '');
    await waiting;
    expect(() => q.deny(pending[0]?.id ?? '')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
