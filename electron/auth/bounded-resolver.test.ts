import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedResolver } from './bounded-resolver';
import { checkedBrowserUrl } from './browser-url';
import type { Resolver } from './endpoint-fetch';

afterEach(() => vi.useRealTimers());

describe('boundedResolver', () => {
  it('passes an answer given in time on', async () => {
    const resolver: Resolver = () => Promise.resolve([{ address: '203.0.113.5', family: 4 }]);
    await expect(boundedResolver(resolver, 1000)('docs.example.com', { all: true })).resolves.toEqual([{ address: '203.0.113.5', family: 4 }]);
  });

  it('gives up on a lookup that never answers, and the URL is not opened, saying why', async () => {
    vi.useFakeTimers();
    const never: Resolver = () => new Promise(() => undefined);
    const checked = checkedBrowserUrl('https://slow.example.com/x', 'to open', 'public', boundedResolver(never, 5000));
    const outcome = expect(checked).rejects.toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('Could not resolve slow.example.com') as string });
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
    await expect(checked).rejects.toThrow('no answer within 5 s');
  });
});
