import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { statelessAgentAsker, type Agent, type AgentStore } from '../../bridge';
import type { AskContext } from '../../pool';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';

type AgentRounds = NonNullable<Parameters<typeof statelessAgentAsker>[2]>;

/** A 2026-07-28 agent's call whose client declared roots and answers roots/list with `uris`; its settings as `asks` say. */
function agentGiving(uris: string[], asks?: Agent['asks']) {
  const agents = { peek: () => (asks === undefined ? undefined : { asks }) } as unknown as AgentStore;
  const rounds: AgentRounds = {
    declared: { roots: {} },
    ask: () => Promise.resolve({ roots: uris.map((uri) => ({ uri })) }),
    expect: () => () => undefined,
  };
  return statelessAgentAsker('claude', agents, rounds);
}

function routerAuditing() {
  const audited: AuditEntry[] = [];
  const router = createAskRouter({ waiting: new WaitingAsks({ now: () => 5 }), audit: (e) => audited.push(e), now: () => 5, urls: askUrlChecksFor('loopback') });
  return { router, audited };
}

const during = (asker: AskContext['asker']): AskContext => ({ server: 'files', asker, call: 'tool "list"', signal: new AbortController().signal, expiresAt: 10 });

describe("roots/list during an agent's call, in the audit", () => {
  it('records who answered, how many roots the server got and which server asked; never the paths', async () => {
    const { router, audited } = routerAuditing();
    const given = await router.roots?.(during(agentGiving(['file:///home/me/site', 'file:///home/me/notes', 'https://not-a-folder.example/'])));
    expect(given).toEqual([{ uri: 'file:///home/me/site' }, { uri: 'file:///home/me/notes' }]);
    expect(await router.roots?.(during(agentGiving(['file:///home/me/site'], { elicitation: 'allow', sampling: 'ask', roots: 'deny' })))).toEqual([]);
    router.rootsConfigured?.(during(agentGiving([])), [{ uri: 'file:///srv/data' }]);
    expect(audited).toEqual([
      { time: 5, agent: 'claude', server: 'files', kind: 'roots', tool: 'tool "list"', durationMs: 0, outcome: 'ok', answer: 'accept', answeredBy: 'agent', roots: 2, requests: 1 },
      // Its settings give servers none: nobody answered.
      { time: 5, agent: 'claude', server: 'files', kind: 'roots', tool: 'tool "list"', durationMs: 0, outcome: 'denied', answer: 'decline', answeredBy: 'nobody', roots: 0, requests: 1 },
      { time: 5, agent: 'claude', server: 'files', kind: 'roots', tool: 'tool "list"', durationMs: 0, outcome: 'ok', answer: 'accept', answeredBy: 'config', roots: 1, requests: 1 },
    ]);
    expect(JSON.stringify(audited)).not.toContain('file://');
  });

  it('writes at most two entries per call and server, the first at once and the rest counted at the end: a looping server cannot flood the audit', async () => {
    const { router, audited } = routerAuditing();
    const call = new AbortController();
    const asker = agentGiving(['file:///home/me/site']);
    const inCall = (server: string): AskContext => ({ ...during(asker), server, ended: call.signal });
    for (let i = 0; i < 1000; i++) expect(await router.roots?.(inCall('files'))).toEqual([{ uri: 'file:///home/me/site' }]);
    router.rootsConfigured?.(inCall('data'), [{ uri: 'file:///srv/data' }]);
    router.rootsConfigured?.(inCall('data'), [{ uri: 'file:///srv/data' }]);
    const files = { time: 5, agent: 'claude', server: 'files', kind: 'roots', tool: 'tool "list"', durationMs: 0, outcome: 'ok', answer: 'accept', answeredBy: 'agent', roots: 1 } as const;
    const data = { ...files, server: 'data', answeredBy: 'config' } as const;
    // Each server's first, while the call still runs: nothing lost if the app stops now.
    expect(audited).toEqual([{ ...files, requests: 1 }, { ...data, requests: 1 }]);
    call.abort();
    expect(audited).toEqual([{ ...files, requests: 1 }, { ...data, requests: 1 }, { ...files, requests: 999 }, { ...data, requests: 1 }]);
    // A request after its call ended (its end already heard) is its own entry; the next call starts its own count.
    router.rootsConfigured?.(inCall('data'), [{ uri: 'file:///srv/data' }]);
    expect(audited).toHaveLength(5);
    expect(audited[4]).toMatchObject({ server: 'data', requests: 1 });
  });

  it('records nothing outside an agent\'s call: no agent gave or got anything', async () => {
    const { router, audited } = routerAuditing();
    expect(await router.roots?.(during(undefined))).toEqual([]);
    router.rootsConfigured?.(during({ label: 'you (app)' }), [{ uri: 'file:///srv/data' }]);
    router.rootsConfigured?.(during(undefined), [{ uri: 'file:///srv/data' }]);
    expect(audited).toEqual([]);
  });
});
