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
  it('starts only the named server, only when never inventoried, enabled and approved, without a sign-in', async () => {
    const { api, connected } = fakeApi([
      { name: 'fresh', enabled: true, approval: 'approved' },
      { name: 'seen', enabled: true, approval: 'approved', inventoryUpdatedAt: 1 },
      { name: 'waiting', enabled: true, approval: 'pending' },
      { name: 'off', enabled: false, approval: 'approved' },
    ]);
    for (const name of ['seen', 'waiting', 'off', 'unknown']) await startOnceForListing(api, name);
    await startOnceForListing(api, undefined);
    expect(connected).toEqual([]);
    await startOnceForListing(api, 'fresh');
    expect(connected).toEqual([{ name: 'fresh', signIn: false }]);
  });
});
