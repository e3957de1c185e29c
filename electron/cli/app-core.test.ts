import { describe, expect, it } from 'vitest';
import { API_METHODS, type ApiInput, type ApiMethod, type ApiOutput } from '../../shared/api';
import { MAX_TIMEOUT_MS } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { runningAppCore } from './app-core';
import { answerTimeoutMs, type RunningApp } from './running-app';

function fakeApp(): { app: RunningApp; calls: Array<[ApiMethod, unknown]> } {
  const calls: Array<[ApiMethod, unknown]> = [];
  const app: RunningApp = {
    info: { pid: 1, origin: 'http://127.0.0.1:1', secret: 's', bridge: null, startedAt: 0 },
    call: <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
      calls.push([method, input]);
      return Promise.resolve({ answeredBy: 'app' } as unknown as ApiOutput<M>);
    },
  };
  return { app, calls };
}

describe('runningAppCore: a command\'s core while an app runs', () => {
  it('sends every App API method to the running app, reads and changes alike, with the input as given', async () => {
    const { app, calls } = fakeApp();
    const api = runningAppCore(app).api as unknown as Record<ApiMethod, (input: unknown) => Promise<unknown>>;
    const methods = Object.keys(API_METHODS) as ApiMethod[];
    for (const method of methods) expect(await api[method]({ probe: method })).toEqual({ answeredBy: 'app' });
    expect(calls).toEqual(methods.map((method) => [method, { probe: method }]));
  });

  it('has nothing of its own: reaching past the App API is a coded error, not a second registry or pool', async () => {
    const core = runningAppCore(fakeApp().app);
    for (const read of [() => core.registry, () => core.pool, () => core.vault, () => core.signIns, () => core.auth, () => core.door]) {
      expect(read).toThrow(CodedError);
    }
    expect(core.bridge).toBeUndefined();
    // Events are the UI's: a listener is accepted and hears nothing.
    const off = core.api.on('callProgress', () => undefined);
    off();
    await expect(core.close()).resolves.toBeUndefined();
  });
});

describe('answerTimeoutMs: how long a command waits for the running app', () => {
  it('gives a call its own timeout plus room, a sign-in the person\'s time, the rest two minutes', () => {
    expect(answerTimeoutMs('callTool', { server: 'a', tool: 't', arguments: {}, timeoutMs: 300_000 })).toBe(310_000);
    // Without one, the app's own may be up to an hour (a tool's `timeouts`, settings.defaultTimeoutMs): the app ends it.
    expect(answerTimeoutMs('callTool', { server: 'a', tool: 't', arguments: {} })).toBe(MAX_TIMEOUT_MS + 10_000);
    expect(answerTimeoutMs('connect', { name: 'a' })).toBeGreaterThanOrEqual(15 * 60_000);
    expect(answerTimeoutMs('status', {})).toBe(120_000);
    // A registry's whole catalog, paged on a slow link, takes longer than two minutes.
    expect(answerTimeoutMs('refreshRegistries', { full: true })).toBe(30 * 60_000);
  });
});
