import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallToolRequest } from '@modelcontextprotocol/server';
import { cancellationOf, type Cancellation } from '../pool';
import { AGENT, asked, fake } from '../../test/support/fake-gate';
import { record, type AuditDraft } from './call-context';
import { passGate, type Extra, type GateCall } from './call-gate';
import { LazyAbort } from '../pool';
import { CallRefused } from './refusals';
import { StoppedWaiting } from './stopped-waiting';
import { CodedError } from '../../shared/errors';
import { callTool } from './tool-call';

afterEach(() => {
  vi.useRealTimers();
});

const signal = (): AbortSignal => new AbortController().signal;
const cancel = (): Cancellation => cancellationOf(signal());

describe('the call gate', () => {
  it('hands refusals the agent caused alone to the counted path, with an unknown long name cut; a decision of the person is written as is', async () => {
    const f = fake();
    const name = `mail__${'x'.repeat(5000)}`;
    const unknown = { ...asked(f), asked: name, find: () => Promise.resolve({ error: { code: 'not_found' as const, message: 'no such tool' } }) };
    expect(await passGate(f.ctx, unknown, cancel())).toMatchObject({ ok: false });
    expect(f.alone).toHaveLength(1);
    expect(f.alone[0]?.tool.length).toBeLessThan(400);
    expect(f.alone[0]?.tool).toContain('5006 characters');
    const result = passGate(f.ctx, asked(f), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    void f.approvals.deny(f.pending[0]?.id ?? '');
    await result;
    expect(f.audit).toHaveLength(2);
    expect(f.alone).toHaveLength(1);
    expect(f.audit[1]).toMatchObject({ outcome: 'denied', approval: 'person', tool: 'send_email' });
  });

  it('writes a call refused for the pause with the pause as its reason (Activity: "denied: bridge paused"), not as a call nobody decided', async () => {
    const f = fake();
    f.setPaused(true);
    expect(await passGate(f.ctx, asked(f), cancel())).toMatchObject({ ok: false, step: 'paused' });
    expect(f.alone.map((e) => `${e.outcome}/${e.approval ?? '-'}`)).toEqual(['denied/paused']);
  });

  it('checks the pause again after an approval: allowed while the person pauses, the call is denied and never reaches the pool', async () => {
    const f = fake();
    const result = passGate(f.ctx, asked(f), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    // The allow settles the wait at once; the person pauses before the call goes on.
    void f.approvals.allow(f.pending[0]?.id ?? '');
    f.setPaused(true);
    expect(await result).toMatchObject({ ok: false, step: 'paused', error: { code: 'denied', message: 'the person paused the bridge: no calls go through' } });
    expect(f.pool).toEqual([]);
    expect(f.audit.map((e) => `${e.outcome}/${e.approval ?? '-'}`)).toEqual(['denied/person']);
  });

  it('denies a call nobody decided after the default 2 minutes, and not at 119 s (injected clock)', async () => {
    vi.useFakeTimers();
    const f = fake();
    let settled = false;
    const result = passGate(f.ctx, asked(f), cancel()).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(119_000);
    expect(settled).toBe(false);
    expect(f.approvals.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ ok: false, step: 'approval', error: { code: 'denied', message: 'nobody approved the call within 120 s' } });
    expect(f.pool).toEqual([]);
    expect(f.audit[0]).toMatchObject({ outcome: 'denied', errorCode: 'denied', approval: 'timeout', durationMs: 120_000 });
  });

  it("accepts 16 waiting calls of one agent and refuses the 17th with rate_limited (the default)", async () => {
    vi.useFakeTimers();
    const f = fake();
    const results = Array.from({ length: 17 }, () => passGate(f.ctx, asked(f), cancel()));
    const settled: number[] = [];
    results.forEach((r, i) => void r.then(() => settled.push(i)));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toEqual([16]);
    expect(await results[16]).toMatchObject({ ok: false, step: 'approval', error: { code: 'rate_limited' } });
    expect(f.approvals.list()).toHaveLength(16);
    expect(f.pending).toHaveLength(16);
    f.approvals.close();
    for (const r of results.slice(0, 16)) expect(await r).toMatchObject({ ok: false, error: { code: 'denied' } });
  });

  it('hands the full queue\'s rate_limited refusals to the counted path: nobody was asked and nothing ran', async () => {
    vi.useFakeTimers();
    const f = fake();
    const results = Array.from({ length: 40 }, () => passGate(f.ctx, asked(f), cancel()));
    await vi.advanceTimersByTimeAsync(10);
    expect(f.alone).toHaveLength(24);
    expect(f.alone[0]).toMatchObject({ outcome: 'denied', approval: 'flood', errorCode: 'rate_limited' });
    f.approvals.close();
    await Promise.all(results);
    // The 16 that waited were ended by the queue closing: the person's side, written as they are.
    expect(f.alone).toHaveLength(24);
    expect(f.audit).toHaveLength(40);
  });

  it('shows the person the arguments as sent whatever auditArguments says, and keeps them out of the audit log', async () => {
    const f = fake({ auditArguments: false });
    const result = passGate(f.ctx, asked(f, { to: 'bob@example.test', body: 'Authorization: Bearer abcdef123456', api_key: 'k-123' }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    // Consent is to what will be sent: no log pattern hides part of it (only values we hold would be named).
    expect(f.pending[0]?.arguments).toEqual({ to: 'bob@example.test', body: 'Authorization: Bearer abcdef123456', api_key: 'k-123' });
    await f.approvals.allow(f.pending[0]?.id ?? '');
    expect(await result).toEqual({ ok: true, value: 'sent' });
    expect(f.audit[0]?.arguments).toBeUndefined();
  });

  it('refuses arguments past their bounds first: no approval, no pool, nothing recorded of them', async () => {
    const f = fake({ auditArguments: true });
    let arguments_: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 200_000; i++) arguments_ = { a: arguments_ };
    const extra = { signal: signal(), sendNotification: () => Promise.resolve() } as unknown as Extra;
    const request = { method: 'tools/call', params: { name: 'mail__send_email', arguments: arguments_ } } as CallToolRequest;
    await expect(callTool(f.ctx, AGENT.name, request, extra)).rejects.toMatchObject({ code: -32602, message: 'arguments nest deeper than 64 levels', data: { code: 'invalid_input' } });
    expect(f.pending).toEqual([]);
    expect(f.pool).toEqual([]);
    expect(f.audit).toHaveLength(1);
    expect(f.audit[0]).toMatchObject({ outcome: 'error', errorCode: 'invalid_input', tool: 'mail__send_email' });
    expect(f.audit[0]?.arguments).toBeUndefined();
  });

  it("keeps the person's wait apart from the call's own time, and says what decided (tier or a tool's rule)", async () => {
    vi.useFakeTimers();
    const f = fake();
    const slow: GateCall<string> = {
      ...asked(f),
      run: () => new Promise((resolve) => setTimeout(() => resolve('sent'), 250)),
    };
    const result = passGate(f.ctx, slow, cancel());
    await vi.advanceTimersByTimeAsync(4_000);
    expect(f.pending).toHaveLength(1);
    void f.approvals.allow(f.pending[0]?.id ?? '');
    await vi.advanceTimersByTimeAsync(250);
    expect(await result).toEqual({ ok: true, value: 'sent' });
    expect(f.audit[0]).toMatchObject({ approval: 'person', tier: 'write', decidedBy: 'tier', waitMs: 4_000, callMs: 250, durationMs: 4_250 });

    const ruled: GateCall<string> = { ...asked(f), find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'write', decision: 'allow', rule: true } }) };
    expect(await passGate(f.ctx, ruled, cancel())).toEqual({ ok: true, value: 'sent' });
    expect(f.audit[1]).toMatchObject({ decidedBy: 'rule', callMs: 0 });
    expect(f.audit[1]?.waitMs).toBeUndefined();
  });

  it("answers and audits a call the bridge ended for the agent's own fault as that refusal, not as the cancel the pool saw", async () => {
    const f = fake();
    const cancelled = new LazyAbort();
    const refusal = new CallRefused('rate_limited', 'your agent already holds 32 calls waiting for its answers', { hint: 'answer them' }, 'the bridge ended the call');
    const ended: GateCall<string> = {
      ...asked(f),
      find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'write', decision: 'allow' } }),
      run: () => {
        cancelled.abort(refusal);
        return Promise.reject(new Error('"mail" cancelled the call'));
      },
    };
    expect(await passGate(f.ctx, ended, cancelled)).toEqual({ ok: false, step: 'call', error: { code: 'rate_limited', message: refusal.message, hint: 'Answer them', server: 'mail' } });
    expect(f.audit[0]).toMatchObject({ outcome: 'denied', errorCode: 'rate_limited', server: 'mail', tool: 'send_email' });
    // Any other cancel stays a cancel.
    const other = new LazyAbort();
    const plain: GateCall<string> = { ...ended, run: () => (other.abort(new Error('gone')), Promise.reject(new Error('cancelled'))) };
    expect(await passGate(f.ctx, plain, other)).toMatchObject({ ok: false, error: { code: 'internal', message: 'cancelled' } });
    expect(f.audit[1]).toMatchObject({ outcome: 'cancelled' });
  });

  it('audits a call cancelled by the bridge stopping as `server_unavailable`; an agent\'s own cancel keeps the pool\'s code', async () => {
    const f = fake();
    let closing = false;
    const ctx = { ...f.ctx, closing: () => closing };
    const running = (abort: LazyAbort): GateCall<string> => ({
      ...asked(f),
      find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'write', decision: 'allow' } }),
      run: () => {
        abort.abort(new Error('Connection closed'));
        return Promise.reject(new CodedError('timeout', 'tool "send_email" on "mail" was cancelled by the caller'));
      },
    });
    const byAgent = new LazyAbort();
    await passGate(ctx, running(byAgent), byAgent);
    expect(f.audit[0]).toMatchObject({ outcome: 'cancelled', errorCode: 'timeout' });
    closing = true;
    const byStop = new LazyAbort();
    await passGate(ctx, running(byStop), byStop);
    expect(f.audit[1]).toMatchObject({ outcome: 'cancelled', errorCode: 'server_unavailable', server: 'mail' });
  });

  it('appends the draft it is given as the entry, completed in place: no copy of the entry per call', () => {
    const f = fake();
    const draft: AuditDraft = { agent: 'claude', server: 'mail', kind: 'tool', tool: 'send_email', outcome: 'ok' };
    record(f.ctx, 5, draft);
    expect(f.audit[0]).toBe(draft);
    expect(f.audit[0]).toMatchObject({ time: 5 });
  });

  it("writes the audit entry's members in the order the audit's lines have them, whichever step ends the pass", async () => {
    const f = fake({ auditArguments: true });
    const call = { ...asked(f), find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'write' as const, decision: 'allow' as const } }) };
    await passGate(f.ctx, call, cancel());
    await passGate(f.ctx, { ...call, run: () => Promise.reject(new Error('down')) }, cancel());
    await passGate(f.ctx, { ...call, check: () => new CodedError('invalid_input', 'too long') }, cancel());
    const approvedCall = passGate(f.ctx, asked(f), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    void f.approvals.allow(f.pending[0]?.id ?? '');
    await approvedCall;
    expect(f.audit.map((e) => Object.keys(e).join(','))).toEqual([
      'agent,server,kind,tool,outcome,arguments,tier,decidedBy,callMs,result,time,durationMs',
      'agent,server,kind,tool,outcome,arguments,tier,decidedBy,errorCode,callMs,time,durationMs',
      'agent,server,kind,tool,outcome,errorCode,time,durationMs',
      'agent,server,kind,tool,outcome,arguments,tier,decidedBy,waitMs,callMs,result,time,durationMs,approval',
    ]);
  });

  it("withdraws the wait when the answer's stream closes, audited as the agent stopping; the running call's own cancel is left alone", async () => {
    const f = fake();
    const stream = new AbortController();
    const own = new LazyAbort();
    const result = passGate(f.ctx, asked(f), own, { stoppedWaiting: () => stream.signal });
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    stream.abort(new StoppedWaiting());
    expect(await result).toMatchObject({ ok: false, step: 'approval' });
    expect(f.approvals.list()).toEqual([]);
    expect(f.pool).toEqual([]);
    expect(own.aborted).toBe(false);
    expect(f.audit[0]).toMatchObject({ outcome: 'cancelled', approval: 'gone', tool: 'send_email' });
    expect(f.audit[0]?.callMs).toBeUndefined();
    expect(f.audit[0]?.errorCode).toBeUndefined();
  });

  it('audits a wait the agent cancels as cancelled with no error code: nothing timed out', async () => {
    const f = fake();
    const own = new LazyAbort();
    const result = passGate(f.ctx, asked(f), own);
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    own.abort(new Error('cancelled by the agent'));
    expect(await result).toMatchObject({ ok: false, step: 'approval' });
    expect(f.audit[0]).toMatchObject({ outcome: 'cancelled', approval: 'cancelled' });
    expect(f.audit[0]?.errorCode).toBeUndefined();
  });
});
