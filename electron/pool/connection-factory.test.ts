import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/config';
import { FakeChild, spawnOf } from '../../test/support';
import { connectionFactory } from './connection-factory';
import type { ConnectRequest } from './connection';

function request(signal: AbortSignal): ConnectRequest {
  return {
    server: 'srv',
    config: { command: 'fake-server', env: { TOKEN: '${secret:token}' } },
    startupTimeoutMs: 5000,
    signal,
    onClosed: () => undefined,
    onListChanged: () => undefined,
    onLog: () => undefined,
  };
}

describe('connectionFactory (the pool default)', () => {
  it('resolves the entry before it spawns, and spawns nothing when stopped while resolving', async () => {
    let release: (config: ServerConfig) => void = () => undefined;
    const resolved = new Promise<ServerConfig>((resolve) => (release = resolve));
    const seen: ServerConfig[] = [];
    const spawned: { command: string; args: readonly string[]; env: unknown; detached: unknown }[] = [];
    const connect = connectionFactory(
      {
        cacheDir: '/nowhere',
        resolve: (_name, config) => {
          seen.push(config);
          return resolved;
        },
      },
      { env: {}, log: () => undefined, now: () => 0 },
      spawnOf(new FakeChild(), spawned),
    );
    const abort = new AbortController();
    const opening = connect(request(abort.signal));
    abort.abort();
    release({ command: 'fake-server', env: { TOKEN: 'resolved' } });
    await expect(opening).rejects.toMatchObject({ code: 'server_unavailable', message: '"srv" was stopped while starting' });
    expect(seen).toEqual([{ command: 'fake-server', env: { TOKEN: '${secret:token}' } }]);
    expect(spawned).toEqual([]);
  });

  it('sends to the resolved URL, while sign-in and the error name the URL as written', async () => {
    const written = 'http://127.0.0.1:9/mcp?api_key=${secret:K}';
    const given: string[] = [];
    const requested: string[] = [];
    const connect = connectionFactory(
      {
        cacheDir: '/nowhere',
        resolve: (_name, config) => Promise.resolve({ ...config, url: 'http://127.0.0.1:9/mcp?api_key=resolved-value' } as ServerConfig),
        httpFetch: (_name, config) => {
          given.push(config.url);
          return (input) => {
            requested.push(String(input));
            return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }));
          };
        },
      },
      { env: {}, log: () => undefined, now: () => 0 },
    );
    const opening = connect({ ...request(new AbortController().signal), config: { type: 'http', url: written, protocol: '2025-11-25' } });
    const error: unknown = await opening.catch((e: unknown) => e);
    expect(given).toEqual([written]);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((url) => url === 'http://127.0.0.1:9/mcp?api_key=resolved-value')).toBe(true);
    expect(String((error as Error).message)).toContain(written);
    expect(String((error as Error).message)).not.toContain('resolved-value');
  });
});
