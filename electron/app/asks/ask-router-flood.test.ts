import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { AUDIT_WINDOW_MS, statelessAgentAsker, type AgentStore } from '../../bridge';
import type { AskContext } from '../../pool';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { ManualTimers } from '../../../test/support/manual-timers';
import { createAskRouter } from './ask-router';
import { ASK_ENTRIES_PER_WINDOW } from './ask-windows';
import { WaitingAsks } from './waiting-asks';

const form = { mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } } as ElicitRequestParams;

function setUp(maxWaiting = 16) {
  const audited: AuditEntry[] = [];
  const clock = new ManualTimers();
  const waiting = new WaitingAsks({ now: () => 5, maxWaiting });
  const router = createAskRouter({
    waiting,
    audit: (e) => audited.push(e),
    now: () => 5,
    urls: askUrlChecksFor('loopback'),
    clock,
  });
  return { router, audited, waiting, endMinute: () => clock.advance(AUDIT_WINDOW_MS) };
}

const outside = (signal = new AbortController().signal): AskContext => ({ server: 'loud', asker: undefined, call: undefined, signal, expiresAt: 10 });

describe("a server's requests in the audit are bounded however fast it sends them", () => {
  it('requests outside any call: the first 20 a minute are entries, the rest one entry counting them; none answered by the person', async () => {
    const { router, audited, waiting, endMinute } = setUp(0);
    expect(waiting.full).toBe(true);
    for (let i = 0; i < 500; i++) expect(await router.elicit(form, outside())).toEqual({ action: 'decline' });
    expect(audited).toHaveLength(ASK_ENTRIES_PER_WINDOW);
    // Declined past the waiting cap: the person never saw them.
    expect(new Set(audited.map((e) => `${e.tool} ${e.answer} ${e.answeredBy}`))).toEqual(new Set(['(outside any call) decline nobody']));
    endMinute();
    expect(audited).toHaveLength(ASK_ENTRIES_PER_WINDOW + 1);
    expect(audited.at(-1)).toMatchObject({ kind: 'elicitation', answeredBy: 'nobody', requests: 500 - ASK_ENTRIES_PER_WINDOW });
  });

  it("roots/list for an agent's call that is over: one entry, the rest counted, not one entry each", async () => {
    const { router, audited, endMinute } = setUp();
    const agents = { peek: () => ({ asks: { elicitation: 'allow', sampling: 'ask', roots: 'allow' } }) } as unknown as AgentStore;
    const asker = statelessAgentAsker('claude', agents, { declared: { roots: {} }, ask: () => Promise.resolve({ roots: [] }), expect: () => () => undefined });
    const ended = new AbortController();
    ended.abort();
    for (let i = 0; i < 300; i++) await router.roots?.({ server: 'loud', asker, call: 'tool "slow"', signal: ended.signal, ended: ended.signal, expiresAt: 10 }).catch(() => undefined);
    endMinute();
    expect(audited.map((e) => e.requests)).toEqual([1, 299]);
  });
});
