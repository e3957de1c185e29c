import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../net';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { rejection } from '../../test/support/rejection';
import { connectionFetch } from './connection-fetch';
import type { CoreContext } from './core-context';
import { createEndpointFetch, type Resolver } from './endpoint-fetch';
import { ServerPeers } from './server-peers';

const URL_OF_SERVER = 'https://mcp.example.test/mcp';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The parts of the coordinator's context a connection uses, its requests answered by `answer` (never sent). */
function contextOf(resolver: Resolver, answer: (url: string) => Response = () => new Response('{}')) {
  const sent: string[] = [];
  const send: FetchLike = (input) => (sent.push(String(input)), Promise.resolve(answer(String(input))));
  const servers = createEndpointFetch({ fetch: send, resolver, policy: 'server' });
  cleanups.push(() => servers.close());
  const peers = new ServerPeers();
  const core = { resolver, fetch: send, serverFetch: servers.fetch, peers } as Partial<CoreContext> as CoreContext;
  return { core, peers, sent };
}

describe('connectionFetch: a connection keeps the answer it was made to, and it tells where the server is', () => {
  it('resolves the server once per connection; a later answer of its DNS changes neither where it goes nor its reach', async () => {
    const resolver = scriptedResolver(['203.0.113.7'], ['127.0.0.1']);
    const { core, peers } = contextOf(resolver);
    expect(peers.reach('remote', URL_OF_SERVER)).toBe('public');
    const connection = connectionFetch(core, 'remote', URL_OF_SERVER);
    await connection(URL_OF_SERVER, { method: 'POST' });
    await connection(URL_OF_SERVER, { method: 'GET' });
    expect(resolver.calls).toEqual(['mcp.example.test']);
    // The name now answers 127.0.0.1: nobody asks it, the server stays where it was connected.
    expect(peers.reach('remote', URL_OF_SERVER)).toBe('public');
  });

  it('a new connection is made to the answer of its time, and that answer is where the server is from then on', async () => {
    const resolver = scriptedResolver(['10.0.0.5'], ['203.0.113.7', '10.0.0.5']);
    const { core, peers } = contextOf(resolver);
    await connectionFetch(core, 'office', URL_OF_SERVER)(URL_OF_SERVER);
    expect(peers.reach('office', URL_OF_SERVER)).toBe('private');
    await connectionFetch(core, 'office', URL_OF_SERVER)(URL_OF_SERVER);
    // Every address counts, the farthest wins.
    expect(peers.reach('office', URL_OF_SERVER)).toBe('public');
    expect(resolver.calls).toHaveLength(2);
  });

  it('records nothing the server did not answer through: an error status, a name that does not resolve, another URL', async () => {
    const { core, peers } = contextOf(scriptedResolver(['127.0.0.1']), () => new Response('no', { status: 503 }));
    await connectionFetch(core, 'local', URL_OF_SERVER)(URL_OF_SERVER);
    expect(peers.reach('local', URL_OF_SERVER)).toBe('public');

    const failing: Resolver = () => Promise.reject(new Error('getaddrinfo ENOTFOUND mcp.example.test'));
    const unresolved = contextOf(failing);
    expect((await rejection(connectionFetch(unresolved.core, 'local', URL_OF_SERVER)(URL_OF_SERVER))).code).toBe('server_unavailable');
    expect(unresolved.peers.reach('local', URL_OF_SERVER)).toBe('public');

    const answered = contextOf(scriptedResolver(['127.0.0.1']));
    await connectionFetch(answered.core, 'local', URL_OF_SERVER)(URL_OF_SERVER);
    expect(answered.peers.reach('local', URL_OF_SERVER)).toBe('loopback');
    // The entry now names another host: what was learnt of the old one does not carry over; another
    // path or a reference in the query (the entry as written) is the same host.
    expect(answered.peers.reach('local', 'https://mcp.other.test/mcp')).toBe('public');
    expect(answered.peers.reach('local', 'https://MCP.example.test./mcp?key=${secret:KEY}')).toBe('loopback');
    expect(answered.peers.reach('other', URL_OF_SERVER)).toBe('public');
  });

  it('asks again after a failed resolution, and sends other hosts as they are, unpinned and unrecorded', async () => {
    let fail = true;
    const flaky: Resolver = () => (fail ? Promise.reject(new Error('EAI_AGAIN')) : Promise.resolve([{ address: '10.0.0.5', family: 4 }]));
    const { core, peers, sent } = contextOf(flaky);
    const connection = connectionFetch(core, 'office', URL_OF_SERVER);
    await rejection(connection(URL_OF_SERVER));
    fail = false;
    await connection(URL_OF_SERVER);
    expect(peers.reach('office', URL_OF_SERVER)).toBe('private');
    await connection('https://cdn.example.test/x');
    expect(sent).toEqual([URL_OF_SERVER, 'https://cdn.example.test/x']);
  });

  it('a server at a literal address or a localhost name has the reach its URL says, connected or not', () => {
    const peers = new ServerPeers();
    expect(peers.reach('a', 'http://127.0.0.1:3000/mcp')).toBe('loopback');
    expect(peers.reach('a', 'https://10.1.2.3/mcp')).toBe('private');
    expect(peers.reach('a', 'http://tools.localhost:3000/mcp')).toBe('loopback');
    peers.note('a', 'https://10.1.2.3/mcp', [{ address: '127.0.0.1', family: 4 }]);
    expect(peers.reach('a', 'https://10.1.2.3/mcp')).toBe('private');
  });
});
