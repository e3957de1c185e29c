import { describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_AGENT, ResourceSubscriptions } from './resource-subscriptions';
import type { UpdatePacer } from './update-pacer';

function fakePool() {
  const calls: string[] = [];
  return {
    calls,
    pool: {
      subscribeResource: (server: string, uri: string) => Promise.resolve(void calls.push(`+${server} ${uri}`)),
      unsubscribeResource: (server: string, uri: string) => Promise.resolve(void calls.push(`-${server} ${uri}`)),
    },
  };
}

describe('ResourceSubscriptions', () => {
  it('asks the pool once per session and URI, tells only the sessions that subscribed, and gives everything back when a session closes', async () => {
    const { pool, calls } = fakePool();
    const subs = new ResourceSubscriptions(pool);
    const a = {};
    const b = {};
    const heard: string[] = [];
    await subs.add(a, (uri) => heard.push(`a ${uri}`), 'files', 'file:///x');
    await subs.add(a, (uri) => heard.push(`a ${uri}`), 'files', 'file:///x');
    await subs.add(b, (uri) => heard.push(`b ${uri}`), 'files', 'file:///y');
    expect(calls).toEqual(['+files file:///x', '+files file:///y']);
    subs.updated('files', 'file:///x');
    subs.updated('other', 'file:///y');
    expect(heard).toEqual(['a file:///x']);
    await subs.remove(a, 'file:///x');
    await subs.remove(a, 'file:///x');
    subs.updated('files', 'file:///x');
    expect(heard).toEqual(['a file:///x']);
    await subs.drop(b);
    expect(calls).toEqual(['+files file:///x', '+files file:///y', '-files file:///x', '-files file:///y']);
    expect(subs.count(b)).toBe(0);
  });
});

describe('ResourceSubscriptions per agent', () => {
  it('refuses the distinct resource past the agent cap across its sessions, counts one held twice once, and frees room when a session closes', async () => {
    const { pool, calls } = fakePool();
    const subs = new ResourceSubscriptions(pool);
    const [a, b] = [{}, {}];
    const notify = (): void => undefined;
    const half = MAX_SUBSCRIPTIONS_PER_AGENT / 2;
    // Subscribed at once, as a listen stream's URIs are: the cap holds for those under way too.
    await Promise.all(Array.from({ length: half }, (_, i) => subs.add(a, notify, 'files', `file:///${i}`, { agent: 'one' })));
    await Promise.all(Array.from({ length: half }, (_, i) => subs.add(b, notify, 'files', `file:///${half + i}`, { agent: 'one' })));
    await expect(subs.add(b, notify, 'files', 'file:///one-more', { agent: 'one' })).rejects.toMatchObject({ code: 'rate_limited' });
    // The same resource in another session is not a new one; another agent has its own room.
    await subs.add(b, notify, 'files', 'file:///0', { agent: 'one' });
    await subs.add({}, notify, 'files', 'file:///one-more', { agent: 'two' });
    expect(calls.filter((c) => c === '+files file:///one-more')).toHaveLength(1);
    await subs.drop(a);
    await subs.add(b, notify, 'files', 'file:///one-more', { agent: 'one' });
    expect(subs.count(b)).toBe(half + 2);
  });
});

describe('ResourceSubscriptions when an agent is narrowed', () => {
  it("gives back only that agent's holdings of servers it may no longer use, and frees their room", async () => {
    const { pool, calls } = fakePool();
    const subs = new ResourceSubscriptions(pool);
    const mine = {};
    const other = {};
    const heard: string[] = [];
    await subs.add(mine, (uri) => heard.push(`mine ${uri}`), 'mail', 'mail://inbox', { agent: 'a' });
    await subs.add(mine, (uri) => heard.push(`mine ${uri}`), 'files', 'file:///x', { agent: 'a' });
    await subs.add(other, (uri) => heard.push(`other ${uri}`), 'mail', 'mail://inbox', { agent: 'b' });
    await subs.narrow('a', (server) => server === 'files');
    expect(calls.filter((c) => c.startsWith('-'))).toEqual(['-mail mail://inbox']);
    subs.updated('mail', 'mail://inbox');
    subs.updated('files', 'file:///x');
    expect(heard).toEqual(['other mail://inbox', 'mine file:///x']);
    expect(subs.count(mine)).toBe(1);
  });
});

describe('ResourceSubscriptions and updates nobody holds', () => {
  it('paces only updates of resources a session holds: a flood of new URIs keeps no key and no timer', async () => {
    const { pool } = fakePool();
    const paced: string[] = [];
    const pacer = { pace: (key: string, send: () => void) => (paced.push(key), send()), clear: () => undefined } as unknown as UpdatePacer;
    const subs = new ResourceSubscriptions(pool, pacer);
    const heard: string[] = [];
    await subs.add({}, (uri) => heard.push(uri), 'files', 'file:///x');
    for (let i = 0; i < 1_000; i++) subs.updated('files', `file:///flood-${i}-${'a'.repeat(3_000)}`);
    subs.updated('files', 'file:///x');
    expect(paced).toHaveLength(1);
    expect(heard).toEqual(['file:///x']);
  });
});
