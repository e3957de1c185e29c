import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_BYTES } from './entry-check';
import { fetchServerVersion } from './entry-fetch';

const answering = (name: string, version: string) => () =>
  Promise.resolve(new Response(JSON.stringify({
    server: { name, description: 'A demo', version, remotes: [{ type: 'streamable-http', url: 'https://h.example/mcp' }] },
    _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
  }), { status: 200, headers: { 'content-type': 'application/json' } }));

describe('fetchServerVersion', () => {
  it('returns the entry the registry answers for the id and version asked for', async () => {
    const found = await fetchServerVersion(answering('io.example/demo', '1.0.0'), 'https://registry.example', 'io.example/demo', 'latest');
    expect(found?.server.name).toBe('io.example/demo');
    expect((await fetchServerVersion(answering('io.example/demo', '1.0.0'), 'https://registry.example', 'io.example/demo', '1.0.0'))?.server.version).toBe('1.0.0');
  });

  it('refuses an answer naming another server, or another version than the one asked for', async () => {
    await expect(fetchServerVersion(answering('io.example/official-thing', '9.9.9'), 'https://registry.example', 'io.example/demo', 'latest'))
      .rejects.toThrow('The registry at https://registry.example answered io.example/official-thing@9.9.9 when asked for io.example/demo@latest; it is not installed.');
    await expect(fetchServerVersion(answering('io.example/demo', '2.0.0'), 'https://registry.example', 'io.example/demo', '1.0.0')).rejects.toThrow(/answered io.example\/demo@2.0.0 when asked for io.example\/demo@1.0.0/);
  });

  it('retries once after a network failure within the same limit: a registry costs one limit, not two', async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const flaky = (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      signals.push(init?.signal);
      return signals.length === 1 ? Promise.reject(new TypeError('fetch failed')) : answering('io.example/demo', '1.0.0')();
    };
    expect((await fetchServerVersion(flaky, 'https://registry.example', 'io.example/demo', '1.0.0'))?.server.version).toBe('1.0.0');
    expect(signals).toHaveLength(2);
    expect(signals[1]).toBe(signals[0]);
  });

  it('says what went wrong with a body: one never ended, one over the bound, one that is not JSON', async () => {
    const base = 'https://registry.example';
    // Begun and never ended: the time limit cuts it, and says so.
    const endless = () => Promise.resolve(new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{')) }), { status: 200 }));
    await expect(fetchServerVersion(endless, base, 'io.example/demo', '1.0.0', 20)).rejects.toThrow('The registry at https://registry.example sent no complete entry for io.example/demo@1.0.0 within 0.02 s.');
    const huge = () => Promise.resolve(new Response(`{"pad":"${'x'.repeat(MAX_ENTRY_BYTES * 2)}"}`, { status: 200 }));
    await expect(fetchServerVersion(huge, base, 'io.example/demo', '1.0.0')).rejects.toThrow(`sent an entry for io.example/demo@1.0.0 over ${MAX_ENTRY_BYTES * 2} bytes; it is not installed.`);
    const html = () => Promise.resolve(new Response('<html>Service unavailable</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(fetchServerVersion(html, base, 'io.example/demo', '1.0.0')).rejects.toThrow('sent an entry for io.example/demo@1.0.0 that is not JSON.');
  });
});
