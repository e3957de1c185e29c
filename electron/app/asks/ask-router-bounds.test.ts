import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import type { AgentAsker } from '../../bridge';
import { createAskRouter } from './ask-router';
import { MAX_ELICITATION_ID_CHARS, MAX_ELICITATION_META_CHARS, MAX_SCHEMA_CHARS, MAX_SCHEMA_DEPTH } from './ask-view';
import { WaitingAsks } from './waiting-asks';
import { fakeAgentAsker } from '../../../test/support/fake-agent-asker';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';

// The bounds a server's elicitation is held to before the person sees it apply as well
// to the copy forwarded to the agent.

/** An agent whose client takes form requests and whose settings let servers ask it; records what reached it. */
function formAgent(): AgentAsker & { forwarded: ElicitRequestParams[] } {
  const forwarded: ElicitRequestParams[] = [];
  const elicit = (params: ElicitRequestParams) => {
    forwarded.push(params);
    return Promise.resolve({ action: 'accept' as const, content: {} });
  };
  return { ...fakeAgentAsker({ elicit }), forwarded };
}

function setUp() {
  const agent = formAgent();
  const audited: AuditEntry[] = [];
  const router = createAskRouter({ waiting: new WaitingAsks({ now: () => 1 }), audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor('public') });
  const context = { server: 'svc', asker: agent, call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
  const ask = (message: string, requestedSchema: unknown) => router.elicit({ mode: 'form', message, requestedSchema } as ElicitRequestParams, context);
  const askUrl = (elicitationId: string) => router.elicit({ mode: 'url', message: 'open this', url: 'https://pay.example.com/confirm', elicitationId }, context);
  const askWithMeta = (mode: 'url' | 'form', _meta: Record<string, unknown>) =>
    router.elicit(
      (mode === 'url' ? { mode, message: 'open this', url: 'https://pay.example.com/confirm', elicitationId: 'e1', _meta } : { mode, message: 'fill this', requestedSchema: flat, _meta }) as ElicitRequestParams,
      context,
    );
  return { agent, audited, ask, askUrl, askWithMeta };
}

const flat = { type: 'object', properties: { name: { type: 'string' } } };

/** A schema nested `levels` objects deep under one property's description. */
function deep(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) inner = { x: inner };
  return { type: 'object', properties: { name: { type: 'string', default: inner } } };
}

describe('an elicitation forwarded to the agent is bounded as the one shown to the person', () => {
  it('cuts a long message as the view does, and passes a short one as it came', async () => {
    const { agent, ask } = setUp();
    await ask('x'.repeat(100_000), flat);
    await ask('short', flat);
    expect(agent.forwarded[0]?.message).toBe(`${'x'.repeat(4000)}[cut: 96000 more characters]`);
    expect(agent.forwarded[1]?.message).toBe('short');
    expect((agent.forwarded[1] as { requestedSchema?: unknown } | undefined)?.requestedSchema).toBe(flat);
  });

  it.each([
    ['larger', { type: 'object', properties: { name: { type: 'string', description: 'd'.repeat(MAX_SCHEMA_CHARS) } } }],
    ['deeper', deep(MAX_SCHEMA_DEPTH)],
  ])('declines a schema %s than the bound without the agent seeing it, audited as nobody’s decline', async (_what, schema) => {
    const { agent, audited, ask } = setUp();
    expect(await ask('fill this', schema)).toEqual({ action: 'decline' });
    expect(agent.forwarded).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy])).toEqual([['elicitation', 'decline', 'nobody']]);
  });

  it('passes a schema at the depth bound', async () => {
    const { agent, ask } = setUp();
    await ask('fill this', deep(MAX_SCHEMA_DEPTH - 4));
    expect(agent.forwarded).toHaveLength(1);
  });

  it('declines a URL request whose id is longer than the bound (it cannot be cut: the server names the request by it), passes one at the bound', async () => {
    const { agent, audited, askUrl } = setUp();
    expect(await askUrl('e'.repeat(100_000))).toEqual({ action: 'decline' });
    expect(agent.forwarded).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy])).toEqual([['elicitation', 'decline', 'nobody']]);
    expect(await askUrl('e'.repeat(MAX_ELICITATION_ID_CHARS))).toEqual({ action: 'accept', content: {} });
    expect(agent.forwarded.map((p) => (p.mode === 'url' ? p.elicitationId.length : 0))).toEqual([MAX_ELICITATION_ID_CHARS]);
  });

  it.each(['url', 'form'] as const)('leaves out a %s request’s _meta larger or deeper than the bound, passes one within it, and still asks', async (mode) => {
    const { agent, askWithMeta } = setUp();
    const small = { 'example.com/trace': 't-1' };
    await askWithMeta(mode, { 'example.com/blob': 'b'.repeat(MAX_ELICITATION_META_CHARS) });
    await askWithMeta(mode, deep(MAX_SCHEMA_DEPTH));
    await askWithMeta(mode, small);
    expect(agent.forwarded.map((p) => p._meta)).toEqual([undefined, undefined, small]);
    expect(agent.forwarded.map((p) => Object.hasOwn(p, '_meta'))).toEqual([false, false, true]);
    expect(agent.forwarded.map((p) => p.mode)).toEqual([mode, mode, mode]);
  });
});
