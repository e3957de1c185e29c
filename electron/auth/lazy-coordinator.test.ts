import { describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../shared/errors';
import type { Vault } from '../../shared/vault';
import { lazyAuthCoordinator, type LoadCoordinator } from './lazy-coordinator';
import type { AuthCoordinator, AuthStatus, FlowEvent } from './types';

const STATUS: AuthStatus = { server: 'mail', type: 'oauth', connected: false, needsAuth: true, scopes: [], refreshable: false };
const OAUTH = { url: 'https://mail.example/mcp', auth: { type: 'oauth' as const, issuer: 'https://id.example', clientId: 'app' } };
const NONE = { url: 'https://10.0.0.5/mcp', auth: { type: 'none' as const } };
const NAMED_NONE = { url: 'https://open.example/mcp', auth: { type: 'none' as const } };

/** A coordinator module that records when it is loaded, and the coordinator it makes. */
function fakeModule() {
  const flow = new Set<(event: FlowEvent) => void>();
  const serverFetch = vi.fn(() => Promise.resolve(new Response('ok')));
  const real = {
    connect: vi.fn(() => Promise.resolve(STATUS)),
    fetchFor: vi.fn(() => serverFetch),
    credential: vi.fn(() => Promise.resolve({ accessToken: 'a', tokenType: 'Bearer', scopes: [] })),
    disconnect: vi.fn(() => Promise.resolve({ removed: 0, revoked: false })),
    forgetIssuer: vi.fn(() => Promise.resolve(undefined)),
    status: vi.fn(() => Promise.resolve(STATUS)),
    serverReach: vi.fn(() => Promise.resolve('private' as const)),
    checkUrl: vi.fn((url: string) => Promise.resolve(new URL(url))),
    on: vi.fn((_event: 'flow', listener: (event: FlowEvent) => void) => {
      flow.add(listener);
      return () => flow.delete(listener);
    }),
    close: vi.fn(() => Promise.resolve()),
  } satisfies AuthCoordinator;
  const create = vi.fn(() => real);
  const load: LoadCoordinator = vi.fn(() => Promise.resolve({ createAuthCoordinator: create }));
  const emit = (event: FlowEvent): void => flow.forEach((listener) => listener(event));
  return { real, create, load, serverFetch, emit };
}

const options = { vault: {} as Vault, dataDir: '/nowhere' };

describe('lazyAuthCoordinator: the coordinator loads at its first use, not at start-up', () => {
  it('loads nothing to be built, to give a server without auth no fetch, to take flow listeners, to tell a reach or to close', async () => {
    const module = fakeModule();
    const auth = lazyAuthCoordinator(options, module.load);
    expect(auth.fetchFor('open', NONE)).toBeUndefined();
    // A server by name, even without auth, has its connection pinned and recorded by the coordinator's fetch.
    expect(auth.fetchFor('open', NAMED_NONE)).toBeTypeOf('function');
    // Nothing loaded, no connection made through it: a server by name is judged remote, a literal as written.
    expect(await auth.serverReach('open', NAMED_NONE.url)).toBe('public');
    expect(await auth.serverReach('open', NONE.url)).toBe('private');
    expect(await auth.serverReach('local', 'http://app.localhost:3000/mcp')).toBe('loopback');
    // No `auth` means OAuth when the server asks for it: that one gets a fetch (still nothing loaded).
    expect(auth.fetchFor('plain', { url: 'https://plain.example/mcp' })).toBeTypeOf('function');
    auth.on('flow', () => undefined)();
    await auth.close();
    expect(module.load).not.toHaveBeenCalled();
  });

  it('hands each call to the coordinator, built once with the options given', async () => {
    const module = fakeModule();
    const auth = lazyAuthCoordinator(options, module.load);
    expect(await auth.status('mail', OAUTH)).toBe(STATUS);
    expect(await auth.connect('mail', OAUTH, { flow: 'device' })).toBe(STATUS);
    await auth.credential('mail', OAUTH, { withRefresh: true });
    await auth.disconnect('mail', { revoke: true });
    await auth.forgetIssuer('mail');
    expect(await auth.serverReach('mail', 'https://mail.example/mcp')).toBe('private');
    expect(module.load).toHaveBeenCalledTimes(1);
    expect(module.create).toHaveBeenCalledWith(options);
    expect(module.real.status).toHaveBeenCalledWith('mail', OAUTH);
    expect(module.real.connect).toHaveBeenCalledWith('mail', OAUTH, { flow: 'device' });
    expect(module.real.credential).toHaveBeenCalledWith('mail', OAUTH, { withRefresh: true });
    expect(module.real.disconnect).toHaveBeenCalledWith('mail', { revoke: true });
    expect(module.real.forgetIssuer).toHaveBeenCalledWith('mail');
    expect(module.real.serverReach).toHaveBeenCalledWith('mail', 'https://mail.example/mcp');
  });

  it("gives a server with auth a fetch at once that loads the coordinator on its first request and uses the coordinator's fetch for it from then on", async () => {
    const module = fakeModule();
    const auth = lazyAuthCoordinator(options, module.load);
    const serverFetch = auth.fetchFor('mail', OAUTH);
    expect(serverFetch).toBeTypeOf('function');
    expect(module.load).not.toHaveBeenCalled();
    await serverFetch?.('https://mail.example/mcp', { method: 'POST' });
    await serverFetch?.('https://mail.example/mcp', { method: 'GET' });
    expect(module.real.fetchFor).toHaveBeenCalledTimes(1);
    expect(module.real.fetchFor).toHaveBeenCalledWith('mail', OAUTH);
    expect(module.serverFetch.mock.calls).toEqual([
      ['https://mail.example/mcp', { method: 'POST' }],
      ['https://mail.example/mcp', { method: 'GET' }],
    ]);
  });

  it("leaves an auth entry it cannot read to the coordinator's fetch, which rejects each request with the reason", async () => {
    const module = fakeModule();
    const invalid = new CodedError('invalid_config', 'mail: auth.type "magic" is not one this app knows');
    module.real.fetchFor.mockReturnValue(vi.fn(() => Promise.reject(invalid)));
    const auth = lazyAuthCoordinator(options, module.load);
    const serverFetch = auth.fetchFor('mail', { url: 'https://mail.example/mcp', auth: { type: 'magic' } });
    await expect(serverFetch?.('https://mail.example/mcp')).rejects.toBe(invalid);
  });

  it('tells flow listeners added before the load every event, until they unsubscribe', async () => {
    const module = fakeModule();
    const auth = lazyAuthCoordinator(options, module.load);
    const heard: FlowEvent[] = [];
    const stop = auth.on('flow', (event) => heard.push(event));
    await auth.status('mail', OAUTH);
    const browser: FlowEvent = { type: 'browser', server: 'mail', url: 'https://id.example/authorize' };
    module.emit(browser);
    stop();
    module.emit({ type: 'failed', server: 'mail', error: { code: 'timeout', message: 'late' } });
    expect(heard).toEqual([browser]);
  });

  it('closes the coordinator it loaded, and one loaded after close() is closed before it is used', async () => {
    const loaded = fakeModule();
    const first = lazyAuthCoordinator(options, loaded.load);
    await first.status('mail', OAUTH);
    await first.close();
    expect(loaded.real.close).toHaveBeenCalledTimes(1);

    const later = fakeModule();
    const second = lazyAuthCoordinator(options, later.load);
    await second.close();
    later.real.connect.mockImplementation(() =>
      later.real.close.mock.calls.length > 0 ? Promise.reject(new CodedError('internal', 'The auth coordinator is closed.')) : Promise.resolve(STATUS),
    );
    await expect(second.connect('mail', OAUTH)).rejects.toThrow('The auth coordinator is closed.');
  });
});
