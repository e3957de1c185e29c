import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { AgentAsker } from '../../bridge';
import type { Reach } from '../../auth';
import { AskRefused } from '../../pool';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';
import { fakeAgentAsker } from '../../../test/support/fake-agent-asker';

/** An agent whose client takes URL requests and whose settings let servers ask it; records what reached it. */
function urlAgent(): AgentAsker & { forwarded: string[] } {
  const forwarded: string[] = [];
  const elicit = (params: ElicitRequestParams) => {
    forwarded.push(params.mode === 'url' ? params.url : 'form');
    return Promise.resolve({ action: 'accept' as const });
  };
  return { ...fakeAgentAsker({ elicit }), forwarded };
}

function setUp(reachOf: (server: string) => Promise<Reach>, asker?: AgentAsker) {
  const waiting = new WaitingAsks({ now: () => 1 });
  const audited: AuditEntry[] = [];
  const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, reachOf });
  const context = { server: 'svc', asker, call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
  const ask = (url: string) => router.elicit({ mode: 'url', message: 'open this', url, elicitationId: 'e1' }, context);
  return { waiting, audited, ask };
}

const publicServer = () => Promise.resolve<Reach>('public');

describe('a URL request is no closer than the server that sends it (review: URL elicitation to this computer)', () => {
  it.each([
    ['http://127.0.0.1:8080/admin', /this computer/],
    ['https://10.0.0.7/router', /private network/],
  ])('a public server’s %s never reaches the agent: the server gets an error', async (url, why) => {
    const agent = urlAgent();
    const { audited, ask } = setUp(publicServer, agent);
    const error = await ask(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AskRefused);
    expect((error as AskRefused).message).toMatch(why);
    expect(agent.forwarded).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy])).toEqual([['elicitation', 'decline', 'nobody']]);
  });

  it('a public server’s public URL, and a loopback server’s page on this computer, still reach the agent', async () => {
    const agent = urlAgent();
    expect(await setUp(publicServer, agent).ask('https://pay.example.com/confirm')).toEqual({ action: 'accept' });
    expect(await setUp(() => Promise.resolve('loopback'), agent).ask('http://127.0.0.1:8080/confirm')).toEqual({ action: 'accept' });
    expect(agent.forwarded).toEqual(['https://pay.example.com/confirm', 'http://127.0.0.1:8080/confirm']);
  });

  it('shown to the person with why it must not be opened', async () => {
    const { waiting, ask } = setUp(publicServer);
    const answer = ask('http://localhost:5000/');
    // The server's reach is looked up first (a resolver's turn).
    await new Promise((resolve) => setImmediate(resolve));
    const [pending] = waiting.list();
    expect(pending).toMatchObject({ kind: 'url', server: 'svc', urlProblem: 'it points at this computer, and the MCP server is not on this computer' });
    waiting.answer(pending?.id ?? '', { action: 'decline' });
    expect(await answer).toEqual({ action: 'decline' });
  });

  it('a server whose name does not resolve: the request is refused, not guessed', async () => {
    const agent = urlAgent();
    const failing = () => Promise.reject(new CodedError('server_unavailable', 'Could not resolve mcp.example.com.'));
    const { waiting, ask } = setUp(failing, agent);
    await expect(ask('https://pay.example.com/confirm')).rejects.toThrow(/URL request refused: Could not resolve mcp.example.com/);
    expect(agent.forwarded).toEqual([]);
    expect(waiting.list()).toEqual([]);
  });
});
