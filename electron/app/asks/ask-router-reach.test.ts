import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { AgentAsker } from '../../bridge';
import type { Reach, Resolver } from '../../auth';
import { AskRefused } from '../../pool';
import { createAskRouter } from './ask-router';
import { WaitingAsks } from './waiting-asks';
import { fakeAgentAsker } from '../../../test/support/fake-agent-asker';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { tableResolver } from '../../../test/support/auth-network';

/** An agent whose client takes URL requests and whose settings let servers ask it; records what reached it. */
function urlAgent(): AgentAsker & { forwarded: string[] } {
  const forwarded: string[] = [];
  const elicit = (params: ElicitRequestParams) => {
    forwarded.push(params.mode === 'url' ? params.url : 'form');
    return Promise.resolve({ action: 'accept' as const });
  };
  return { ...fakeAgentAsker({ elicit }), forwarded };
}

/** `resolver`: answers the URLs' host names (default: every name public). */
function setUp(reachOf: (server: string) => Promise<Reach>, asker?: AgentAsker, resolver?: Resolver) {
  const waiting = new WaitingAsks({ now: () => 1 });
  const audited: AuditEntry[] = [];
  const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor(reachOf, resolver) });
  const context = { server: 'svc', asker, call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
  const ask = (url: string) => router.elicit({ mode: 'url', message: 'open this', url, elicitationId: 'e1' }, context);
  return { waiting, audited, ask };
}

const publicServer = () => Promise.resolve<Reach>('public');

describe('a URL request is no closer than the server that sends it (review: URL elicitation to this computer)', () => {
  it.each([
    ['http://127.0.0.1:8080/admin', /this computer/],
    ['https://10.0.0.7/router', /private network/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://metadata.google.internal/computeMetadata/v1/', /cloud metadata/],
    ['file:///etc/passwd', /not file:/],
    ['smb://10.0.0.1/share', /not smb:/],
    ['ldap://169.254.169.254/', /not ldap:/],
    ['https://user:pass@pay.example.com/', /credentials/],
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

  it('a query holding | { } ^ or a backquote reaches the agent percent-encoded, not refused', async () => {
    const agent = urlAgent();
    expect(await setUp(publicServer, agent).ask('https://pay.example.com/authorize?state=auth0|abc&claims={"a":1}^`')).toEqual({ action: 'accept' });
    expect(agent.forwarded).toEqual(['https://pay.example.com/authorize?state=auth0%7Cabc&claims=%7B%22a%22:1%7D%5E%60']);
  });

  it('a server whose name does not resolve: the request is refused, not guessed', async () => {
    const agent = urlAgent();
    const failing = () => Promise.reject(new CodedError('server_unavailable', 'Could not resolve mcp.example.com.'));
    const { waiting, ask } = setUp(failing, agent);
    await expect(ask('https://pay.example.com/confirm')).rejects.toThrow(/URL request refused: Could not resolve mcp.example.com/);
    expect(agent.forwarded).toEqual([]);
    expect(waiting.list()).toEqual([]);
  });

  // Names a public server controls: looked up before the person or the agent sees them.
  const names = tableResolver({
    'admin.rebind.test': [['127.0.0.1']],
    'router.rebind.test': [['203.0.113.9', '192.168.1.1']],
    'meta.rebind.test': [['169.254.169.254']],
    'pay.example.com': [['203.0.113.7']],
  });

  it.each([
    ['https://admin.rebind.test/', /admin\.rebind\.test resolves to 127\.0\.0\.1: it points at this computer/],
    ['https://router.rebind.test/', /router\.rebind\.test resolves to 192\.168\.1\.1: it points at a private network/],
    ['https://meta.rebind.test/', /meta\.rebind\.test resolves to 169\.254\.169\.254, a link-local address/],
    ['https://gone.rebind.test/', /Could not resolve gone\.rebind\.test/],
  ])('a public server’s %s, by what its name resolves to, never reaches the agent', async (url, why) => {
    const agent = urlAgent();
    const { audited, ask } = setUp(publicServer, agent, names);
    await expect(ask(url)).rejects.toThrow(why);
    expect(agent.forwarded).toEqual([]);
    expect(audited.map((e) => [e.answer, e.answeredBy])).toEqual([['decline', 'nobody']]);
  });

  it.each([
    ['http://localhost:5000/', 'it points at this computer, and the MCP server is not on this computer'],
    ['https://admin.rebind.test/', 'admin.rebind.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer'],
  ])('%s: shown to the person with why it must not be opened', async (url, why) => {
    const { waiting, ask } = setUp(publicServer, undefined, names);
    const answer = ask(url);
    // The server's reach and the URL's name are looked up first.
    await vi.waitFor(() => expect(waiting.list()).toHaveLength(1));
    const [pending] = waiting.list();
    expect(pending).toMatchObject({ kind: 'url', server: 'svc', urlProblem: why });
    waiting.answer(pending?.id ?? '', { action: 'decline' });
    expect(await answer).toEqual({ action: 'decline' });
  });

  it('a public name, and a loopback server’s name on this computer, still reach the agent', async () => {
    const agent = urlAgent();
    expect(await setUp(publicServer, agent, names).ask('https://pay.example.com/confirm')).toEqual({ action: 'accept' });
    expect(await setUp(() => Promise.resolve('loopback'), agent, names).ask('https://admin.rebind.test/')).toEqual({ action: 'accept' });
    expect(agent.forwarded).toEqual(['https://pay.example.com/confirm', 'https://admin.rebind.test/']);
  });
});
