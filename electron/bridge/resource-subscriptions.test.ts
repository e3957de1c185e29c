import { describe, expect, it } from 'vitest';
import { ResourceSubscriptions } from './resource-subscriptions';

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
