import { describe, expect, it } from 'vitest';
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
});
