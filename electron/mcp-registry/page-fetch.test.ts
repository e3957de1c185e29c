import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../net';
import { fetchPage, PAGE_TIMEOUT_MS } from './page-fetch';

/** A registry that answers 200 and then never ends the page's body. */
const silent: FetchLike = () => Promise.resolve(new Response(new ReadableStream<Uint8Array>({ start: () => undefined }), { headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchPage', () => {
  it('gives a page 30 s by default, then names the registry and the limit', async () => {
    vi.useFakeTimers();
    const page = fetchPage(silent, 'https://registry.example', {});
    const refused = expect(page).rejects.toMatchObject({ code: 'timeout', message: 'The registry at https://registry.example sent no complete page within 30 s.' });
    await vi.advanceTimersByTimeAsync(PAGE_TIMEOUT_MS - 1);
    let settled = false;
    void page.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await refused;
  });

  it('takes a shorter limit, and says that one', async () => {
    vi.useFakeTimers();
    const page = fetchPage(silent, 'https://registry.example', {}, undefined, 2_000);
    const refused = expect(page).rejects.toMatchObject({ code: 'timeout', message: 'The registry at https://registry.example sent no complete page within 2 s.' });
    await vi.advanceTimersByTimeAsync(2_000);
    await refused;
  });
});
