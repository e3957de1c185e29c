import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { statelessAgentAsker, type AgentStore } from '../../bridge';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';

// Issue #30: a 2026-07-28 agent whose request declared no client capabilities (or a call that is
// not held for rounds) gets none of a server's requests: an elicitation goes to the person naming the
// agent, and sampling is refused with the reason, each audited under the agent (not as a request
// outside any call). The rounds themselves: test/integration/bridge-modern-asks.test.ts.
const agents = { peek: () => undefined } as unknown as AgentStore;

describe('a server request during a 2026-07-28 agent call', () => {
  it('an elicitation goes to the person, naming the agent; sampling is refused; both audited under the agent', async () => {
    const waiting = new WaitingAsks({ now: () => 1 });
    const audited: AuditEntry[] = [];
    const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor('loopback') });
    const context = { server: 'svc', asker: statelessAgentAsker('stateless', agents), call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };

    const answer = router.elicit({ mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } }, context);
    const [pending] = waiting.list();
    expect(pending).toMatchObject({ agent: 'stateless', server: 'svc', asker: 'agent "stateless"' });
    waiting.answer(pending?.id ?? '', { action: 'accept', content: { n: 'Ada' } });
    expect(await answer).toEqual({ action: 'accept', content: { n: 'Ada' } });

    await expect(router.sample({ messages: [], maxTokens: 5 }, context)).rejects.toThrow(/agent "stateless" does not support sampling/);
    expect(audited.map((e) => [e.agent, e.kind, e.answeredBy])).toEqual([
      ['stateless', 'elicitation', 'person'],
      ['stateless', 'sampling', 'nobody'],
    ]);
  });
});
