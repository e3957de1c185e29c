import { describe, expect, it } from 'vitest';
import type { AppApi, ServerStatus } from '../../shared/api';
import { startOnceForListing } from './first-listing';

function fakeApi(servers: Partial<ServerStatus>[]): { api: AppApi; connected: unknown[] } {
  const connected: unknown[] = [];
  const api = {
    status: () => Promise.resolve({ servers }),
    connect: (input: unknown) => (connected.push(input), Promise.resolve({})),
  } as unknown as AppApi;
  return { api, connected };
}

describe("a program's first listing of a named server starts it once, as the command line's does", () => {
  it('starts only the named server, only when never inventoried, without a sign-in', async () => {
    const { api, connected } = fakeApi([
      { name: 'fresh', enabled: true, approval: 'approved' },
      { name: 'seen', enabled: true, approval: 'approved', inventoryUpdatedAt: 1 },
      { name: 'waited', enabled: true, approval: 'pending', inventoryUpdatedAt: 1 },
    ]);
    for (const name of ['seen', 'waited', 'unknown']) await startOnceForListing(api, name);
    await startOnceForListing(api, undefined);
    expect(connected).toEqual([]);
    await startOnceForListing(api, 'fresh');
    expect(connected).toEqual([{ name: 'fresh', signIn: false }]);
  });

  it("asks connect for one waiting for approval or disabled that never listed, so its refusal says why instead of an empty list", async () => {
    const refusal = Object.assign(new Error('The command of "waiting" is waiting for your approval'), { code: 'denied' });
    const api = {
      status: () => Promise.resolve({ servers: [{ name: 'waiting', enabled: true, approval: 'pending' }, { name: 'off', enabled: false, approval: 'approved' }] }),
      connect: ({ name }: { name: string }) => Promise.reject(name === 'waiting' ? refusal : new Error('"off" is disabled')),
    } as unknown as AppApi;
    await expect(startOnceForListing(api, 'waiting')).rejects.toBe(refusal);
    await expect(startOnceForListing(api, 'off')).rejects.toThrow('"off" is disabled');
  });
});
