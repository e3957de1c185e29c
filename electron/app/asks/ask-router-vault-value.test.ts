import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { redactor } from '../../../shared/redact';
import { statelessAgentAsker, type AgentStore } from '../../bridge';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';

// An agent's answers to a server's requests are checked too: unchecked, they were a way to test a guess at a vault value past the hold.
const VALUE = 'ghp_ask-router-vault-value-90210';
const agents = { peek: () => undefined } as unknown as AgentStore;
type AgentRounds = NonNullable<Parameters<typeof statelessAgentAsker>[2]>;
type InputMethod = Parameters<AgentRounds['ask']>[0];

afterEach(() => redactor.removeSecret(VALUE));

/** A 2026-07-28 agent's call with rounds, its client answering each request with `answers[method]`. */
function agentAnswering(answers: Record<InputMethod, unknown>) {
  const rounds: AgentRounds = {
    declared: { elicitation: { form: {} }, sampling: {}, roots: {} },
    ask: (method: InputMethod) => Promise.resolve(answers[method]),
    expect: () => () => undefined,
  };
  return statelessAgentAsker('guesser', agents, rounds);
}

describe("an agent's answer to a server's request holding a vault value", () => {
  it('is not passed on: an elicitation is declined, sampling refused, roots none; the audit names the secret, never the value (nor the roots a wrong guess gave)', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN' });
    const waiting = new WaitingAsks({ now: () => 1 });
    const audited: AuditEntry[] = [];
    const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor('loopback') });
    const answers = (text: string): Record<InputMethod, unknown> => ({
      'elicitation/create': { action: 'accept', content: { name: text } },
      'sampling/createMessage': { role: 'assistant', model: 'm', content: { type: 'text', text } },
      'roots/list': { roots: [{ uri: `file:///home/${text}` }] },
    });
    const asked = async (text: string): Promise<unknown[]> => {
      const context = { server: 'svc', asker: agentAnswering(answers(text)), call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
      const elicited = await router.elicit({ mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, context);
      // Sampling goes to the agent once the person allowed it.
      const sampled = router.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }, context).catch((e: unknown) => String(e));
      await vi.waitFor(() => expect(waiting.list()).toHaveLength(1));
      waiting.answer(waiting.list()[0]?.id ?? '', { action: 'accept' });
      return [elicited, await sampled, await router.roots?.(context)];
    };

    const wrong = await asked('ghp_ask-router-vault-value-90211');
    expect(wrong[0]).toEqual({ action: 'accept', content: { name: 'ghp_ask-router-vault-value-90211' } });
    expect(wrong[2]).toEqual([{ uri: 'file:///home/ghp_ask-router-vault-value-90211' }]);
    const right = await asked(VALUE);
    expect(right[0]).toEqual({ action: 'decline' });
    expect(right[1]).toMatch(/Sampling request declined: the answer was not passed on/);
    expect(right[2]).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy, e.warning])).toEqual([
      ['elicitation', 'accept', 'agent', undefined],
      ['sampling', 'accept', 'agent', undefined],
      ['roots', 'accept', 'agent', undefined],
      // What held it is the agent's answer, not arguments of a call.
      ['elicitation', 'decline', 'agent', expect.stringMatching(/^the agent's answer holds .*GITHUB_TOKEN/)],
      ['sampling', 'decline', 'agent', expect.stringMatching(/^the agent's answer holds .*GITHUB_TOKEN/)],
      ['roots', 'decline', 'agent', expect.stringMatching(/^the agent's answer holds .*GITHUB_TOKEN/)],
    ]);
    expect(JSON.stringify(audited)).not.toContain(VALUE);
    expect(JSON.stringify(audited)).not.toContain('file://');
  });
});
