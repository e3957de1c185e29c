import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { CallApprovalQueue, type Bridge } from '../../bridge';
import { Confirmations } from '../door/confirmations';
import { WaitingAsks } from '../asks/waiting-asks';
import { askDecisions } from './ask-decisions';
import { callDecisions } from './call-decisions';
import { confirmationDecisions } from './confirmation-decisions';
import { DecisionQueue, type DecisionSource } from './decision-queue';

/** The three stores as they are, each behind its source; deciding goes through the stores' own calls. */
function setUp() {
  let now = 1000;
  const approvals = new CallApprovalQueue({ remember: () => Promise.resolve(), now: () => now });
  const confirmations = new Confirmations({ now: () => now, ttlMs: 500 });
  const asks = new WaitingAsks({ now: () => now });
  const records: DecisionRecord[] = [];
  const queue = new DecisionQueue({ now: () => now, record: (r) => records.push(r) });
  const bridge = { approvals } as unknown as Bridge;
  queue.register(
    callDecisions(bridge, {
      decideApproval: async ({ id, decision, remember }) => {
        if (decision === 'allow') await approvals.allow(id, { remember: remember ?? false });
        else approvals.deny(id);
        return { ok: true as const };
      },
    }),
  );
  queue.register(
    confirmationDecisions(confirmations, {
      decideConfirmation: ({ id, decision }) => {
        const { view } = confirmations.take(id);
        const outcome = decision === 'confirm' ? ('confirmed' as const) : ('refused' as const);
        confirmations.settle(view, outcome);
        return Promise.resolve({ outcome });
      },
    }),
  );
  queue.register(
    askDecisions(asks, {
      answerAsk: ({ id, action, content }) => {
        asks.answer(id, { action, ...(content ? { content } : {}) });
        return Promise.resolve({ ok: true as const });
      },
    }),
  );
  return { queue, approvals, confirmations, asks, records, tick: (ms: number) => (now += ms) };
}

const CALL = { agent: 'claude', server: 'github', kind: 'tool' as const, tool: 'create_issue', tier: 'write' as const };
const FORM = { kind: 'form' as const, server: 'notes', message: 'Which folder?', requestedSchema: { type: 'object', properties: { folder: { type: 'string' } } }, expiresAt: 9999 };

describe('DecisionQueue: every kind of decision in one place', () => {
  it('lists each kind oldest first, in one shape with its own view inside', () => {
    const { queue, approvals, confirmations, asks, tick } = setUp();
    void approvals.request(CALL);
    tick(1);
    confirmations.request({ method: 'addAgent', input: {}, shown: { name: 'x' }, summary: 'add the agent "x"', from: 'cli' });
    tick(1);
    void asks.ask(FORM, new AbortController().signal, () => false);
    const list = queue.list();
    expect(list.map((d) => d.kind)).toEqual(['call', 'confirmation', 'ask']);
    expect(list[0]).toMatchObject({ kind: 'call', summary: 'agent "claude" asks to call "create_issue" on "github" (write)', item: { agent: 'claude', tool: 'create_issue' } });
    expect(list[1]).toMatchObject({ kind: 'confirmation', summary: 'the command line asks to add the agent "x"', item: { method: 'addAgent' } });
    expect(list[2]).toMatchObject({ kind: 'ask', summary: '"notes" asks you to fill in a form: Which folder?', item: { server: 'notes' } });
    approvals.close();
    asks.closeAll();
  });

  it('emits added for each, and decides each by kind and id with who decided recorded', async () => {
    const { queue, approvals, confirmations, asks, records } = setUp();
    const added: string[] = [];
    queue.on('added', (d) => added.push(d.kind));
    const settled: DecisionRecord[] = [];
    queue.on('settled', (r) => settled.push(r));
    const call = approvals.request(CALL);
    const { confirmation, claim } = confirmations.request({ method: 'addAgent', input: {}, shown: {}, summary: 'add the agent "x"', from: 'cli' });
    const answer = asks.ask(FORM, new AbortController().signal, () => false);
    expect(added).toEqual(['call', 'confirmation', 'ask']);
    const [c, f, a] = queue.list();

    expect(await queue.decide({ kind: 'call', id: c?.id ?? '', answer: { decision: 'allow' } }, 'app')).toEqual({ outcome: 'allowed' });
    expect((await call).outcome).toBe('allowed');
    expect(await queue.decide({ kind: 'confirmation', id: f?.id ?? '', answer: { decision: 'refuse' } }, 'ipc')).toEqual({ outcome: 'refused' });
    expect(confirmations.answer(confirmation.id, claim)).toEqual({ outcome: 'refused' });
    expect(await queue.decide({ kind: 'ask', id: a?.id ?? '', answer: { action: 'accept', content: { folder: 'inbox' } } }, 'terminal')).toEqual({ outcome: 'accept' });
    expect(await answer).toEqual({ action: 'accept', content: { folder: 'inbox' } });

    expect(queue.list()).toEqual([]);
    expect(records.map(({ kind, who, outcome }) => ({ kind, who, outcome }))).toEqual([
      { kind: 'call', who: 'app', outcome: 'allowed' },
      { kind: 'confirmation', who: 'ipc', outcome: 'refused' },
      { kind: 'ask', who: 'terminal', outcome: 'accept' },
    ]);
    expect(settled).toEqual(records);
    expect(records[0]).toMatchObject({ what: 'agent "claude" asks to call "create_issue" on "github" (write)', requestedAt: 1000, time: 1000, agent: 'claude' });
  });

  it('records ends that were not the person: a call timing out or given up, a confirmation expiring, an ask ending with its call', async () => {
    const { queue, approvals, confirmations, asks, records, tick } = setUp();
    const cancel = new AbortController();
    const given = approvals.request(CALL, cancel.signal);
    confirmations.request({ method: 'addAgent', input: {}, shown: {}, summary: 'add', from: 'cli' });
    const ended = new AbortController();
    const answer = asks.ask(FORM, ended.signal, () => false);
    cancel.abort();
    await given;
    tick(1000);
    confirmations.expire();
    ended.abort();
    await answer;
    expect(records.map(({ kind, who, outcome }) => ({ kind, who, outcome }))).toEqual([
      { kind: 'call', who: 'agent', outcome: 'denied' },
      { kind: 'confirmation', who: 'core', outcome: 'expired' },
      { kind: 'ask', who: 'agent', outcome: 'ended' },
    ]);
    expect(queue.list()).toEqual([]);
  });

  it('notes who decided through an older per-kind method (decidedBy), and says person when no interface is known', async () => {
    const { queue, approvals, records } = setUp();
    const first = approvals.request(CALL);
    const second = approvals.request(CALL);
    const [a, b] = queue.list();
    queue.decidedBy('call', a?.id ?? '', 'cli');
    approvals.deny(a?.id ?? '');
    approvals.deny(b?.id ?? '');
    await Promise.all([first, second]);
    expect(records.map((r) => r.who)).toEqual(['cli', 'person']);
  });

  it("keeps each kind's own errors: an unknown id is not_found, a form answered wrong is invalid_input", async () => {
    const { queue, asks } = setUp();
    await expect(queue.decide({ kind: 'call', id: 'nope', answer: { decision: 'deny' } }, 'ipc')).rejects.toMatchObject({ code: 'not_found' });
    void asks.ask(FORM, new AbortController().signal, () => false);
    const [ask] = queue.list();
    const wrong = queue.decide({ kind: 'ask', id: ask?.id ?? '', answer: { action: 'accept', content: { folder: 3 } } }, 'ipc');
    await expect(wrong).rejects.toBeInstanceOf(CodedError);
    await expect(wrong).rejects.toMatchObject({ code: 'invalid_input' });
    expect(queue.list()).toHaveLength(1);
    asks.closeAll();
  });

  it('a kind this process does not have is not_found; a kind registered twice is a wiring mistake', async () => {
    const queue = new DecisionQueue();
    await expect(queue.decide({ kind: 'confirmation', id: 'c-1', answer: { decision: 'confirm' } }, 'ipc')).rejects.toMatchObject({ code: 'not_found' });
    const empty: DecisionSource<'ask'> = { kind: 'ask', list: () => [], decide: () => Promise.resolve({ outcome: 'accept' }), watch: () => [] };
    queue.register(empty);
    expect(queue.kinds()).toEqual(['ask']);
    expect(() => queue.register(empty)).toThrow(/registered twice/);
  });

  it('stops listening when closed', () => {
    const { queue, approvals } = setUp();
    const added: string[] = [];
    queue.on('added', (d) => added.push(d.id));
    queue.close();
    void approvals.request(CALL);
    expect(added).toEqual([]);
    approvals.close();
  });
});
