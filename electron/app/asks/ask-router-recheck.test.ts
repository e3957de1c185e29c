import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { statelessAgentAsker, type AgentStore } from '../../bridge';
import type { AskContext } from '../../pool';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';

type AgentRounds = NonNullable<Parameters<typeof statelessAgentAsker>[2]>;

/** An agent whose client answers every request at once; `recheck` as the gate set it. */
function answeringAgent(refusal: string | undefined) {
  const agents = { peek: () => ({ asks: { elicitation: 'allow', sampling: 'allow', roots: 'allow' } }) } as unknown as AgentStore;
  const rounds: AgentRounds = {
    declared: { roots: {}, elicitation: { form: {} }, sampling: {} },
    ask: (method) =>
      Promise.resolve(
        method === 'roots/list'
          ? { roots: [{ uri: 'file:///home/me/site' }] }
          : method === 'elicitation/create'
            ? { action: 'accept', content: { reply: 'yes' } }
            : { role: 'assistant', content: { type: 'text', text: 'sure' }, model: 'm' },
      ),
    expect: () => () => undefined,
  };
  const asker = statelessAgentAsker('claude', agents, rounds);
  asker.recheck = () => Promise.resolve(refusal === undefined ? undefined : { code: 'denied', message: refusal });
  return asker;
}

function routerAuditing() {
  const audited: AuditEntry[] = [];
  const waiting = new WaitingAsks({ now: () => 5 });
  const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 5, urls: askUrlChecksFor('loopback') });
  return { router, audited, waiting };
}

const during = (asker: AskContext['asker']): AskContext => ({ server: 'files', asker, call: 'tool "list"', signal: new AbortController().signal, expiresAt: 10 });

describe("an agent's answer passes the gate again before it reaches the server", () => {
  it('elicitation: a call that would be refused now gets cancel, and the audit says why', async () => {
    const { router, audited } = routerAuditing();
    const form = { mode: 'form' as const, message: 'ok?', requestedSchema: { type: 'object' as const, properties: { reply: { type: 'string' as const } } } };
    expect(await router.elicit(form, during(answeringAgent('the person paused the bridge: no calls go through')))).toEqual({ action: 'cancel' });
    expect(await router.elicit(form, during(answeringAgent(undefined)))).toEqual({ action: 'accept', content: { reply: 'yes' } });
    expect(audited.map((e) => [e.answer, e.warning])).toEqual([
      ['cancel', 'not passed on: the person paused the bridge: no calls go through'],
      ['accept', undefined],
    ]);
  });

  it('roots: none reach the server while the call would be refused', async () => {
    const { router, audited } = routerAuditing();
    expect(await router.roots?.(during(answeringAgent('your agent may not call "list" of "files"')))).toEqual([]);
    expect(audited[0]).toMatchObject({ kind: 'roots', answer: 'cancel', roots: 0, warning: 'not passed on: your agent may not call "list" of "files"' });
    expect(await router.roots?.(during(answeringAgent(undefined)))).toEqual([{ uri: 'file:///home/me/site' }]);
  });
});
