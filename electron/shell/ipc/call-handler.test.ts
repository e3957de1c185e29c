import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, type FakeHandlers } from '../../../test/support/fake-app-api';
import { createCallHandler, type CallSender } from './call-handler';
import { createApiDoor } from '../../app';

const OURS: CallSender = { frame: { url: 'app://connected-services/index.html', isMainFrame: true }, contentsId: 7 };

const OK = { ok: true as const };
/** Every method a test here calls answers `{ ok: true }` unless the test says otherwise. */
const ANSWERS: FakeHandlers = {
  setServerEnabled: () => OK,
  approveServer: () => OK,
  removeServer: () => OK,
};

function setup(handlers: FakeHandlers = {}) {
  const api = createFakeApi({ ...ANSWERS, ...handlers });
  const logs: string[] = [];
  const handle = createCallHandler({ door: createApiDoor({ api, admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } }), isOurContents: (id) => id === 7, log: (line) => logs.push(line) });
  return { api, handle, logs };
}

describe('cs:call handler', () => {
  it('dispatches a valid call from the app window and returns its result', async () => {
    const { api, handle } = setup();
    const reply = await handle(OURS, { method: 'setServerEnabled', input: { name: 'github', enabled: false } });
    expect(reply).toEqual({ ok: true, result: { ok: true } });
    expect(api.callsOf('setServerEnabled')).toEqual([{ name: 'github', enabled: false }]);
  });

  it('calls as the person (`ipc`): a widening from the window runs at once and is logged as the app', async () => {
    const api = createFakeApi(ANSWERS);
    const entries: Array<{ who: string; method: string; outcome: string }> = [];
    const door = createApiDoor({ api, admin: { record: (e) => (entries.push(e), { ...e, id: 'x', time: 0 }) } });
    const handle = createCallHandler({ door, isOurContents: (id) => id === 7 });
    const reply = await handle(OURS, { method: 'approveServer', input: { name: 'github' } });
    expect(reply).toEqual({ ok: true, result: { ok: true } });
    expect(api.callsOf('approveServer')).toEqual([{ name: 'github' }]);
    expect(entries.map((e) => [e.who, e.method, e.outcome])).toEqual([['ipc', 'approveServer', 'ok']]);
  });

  it('refuses a sub-frame, another origin, another window and a vanished frame without calling the core', async () => {
    const { api, handle, logs } = setup();
    const senders: CallSender[] = [
      { frame: { url: 'app://connected-services/index.html', isMainFrame: false }, contentsId: 7 },
      { frame: { url: 'https://evil.example/', isMainFrame: true }, contentsId: 7 },
      { frame: { url: 'file:///tmp/index.html', isMainFrame: true }, contentsId: 7 },
      { frame: { url: 'app://vault-passphrase/index.html', isMainFrame: true }, contentsId: 7 },
      { frame: { url: 'app://connected-services/index.html', isMainFrame: true }, contentsId: 8 },
      { frame: { url: undefined, isMainFrame: true }, contentsId: 7 },
    ];
    for (const sender of senders) {
      const reply = await handle(sender, { method: 'removeServer', input: { name: 'github' } });
      expect(reply).toMatchObject({ ok: false, error: { code: 'denied' } });
    }
    expect(api.callsOf('removeServer')).toEqual([]);
    expect(logs).toHaveLength(senders.length);
  });

  it('refuses an unknown method', async () => {
    const { handle } = setup();
    for (const method of ['deleteEverything', '__proto__', 'constructor', 'on', 'toString']) {
      const reply = await handle(OURS, { method, input: {} });
      expect(reply, method).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
  });

  it('refuses a payload that fails the contract schema before it reaches the core', async () => {
    const { api, handle } = setup();
    const bad = [
      { method: 'removeServer', input: { name: '../../etc' } },
      { method: 'removeServer', input: { name: 'ok', extra: true } },
      { method: 'setServerEnabled', input: { name: 'github', enabled: 'yes' } },
      { method: 'callTool', input: { server: 'a', tool: 't', timeoutMs: -1 } },
      { method: 'addServer', input: { name: 'x', config: { command: 42 } } },
    ];
    for (const request of bad) {
      const reply = await handle(OURS, request);
      expect(reply, JSON.stringify(request)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(api.calls).toEqual([]);
  });

  it('refuses a request that is not { method, input }', async () => {
    const { handle } = setup();
    for (const request of [null, 'status', 42, { method: 'status', input: {}, extra: 1 }, { input: {} }, { method: 'x'.repeat(65) }]) {
      expect(await handle(OURS, request)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('carries a coded error across as { code, message, hint } with secrets redacted', async () => {
    const { handle, logs } = setup({
      connect: () => {
        throw new CodedError('auth_required', 'Sign-in failed: Bearer abcdefghijklmnop', { hint: 'Run `connected-services connect github`', data: { server: 'github', token: 'ghp_1234567890' } });
      },
      status: () => {
        throw new Error('boom');
      },
    });
    const reply = await handle(OURS, { method: 'connect', input: { name: 'github' } });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'auth_required',
        message: 'Sign-in failed: Bearer [redacted]',
        hint: 'Run `connected-services connect github`',
        data: { server: 'github', token: '[redacted]' },
      },
    });
    expect(await handle(OURS, { method: 'status' })).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    expect(logs).toEqual(['status failed: boom']);
  });
});
