import { describe, expect, it, vi } from 'vitest';
import { createKeychainProvider, type KeychainRunner } from './keychain-provider';

describe('a keychain runner passed in (the desktop app with RunAsNode fused off)', () => {
  it('carries every keychain operation instead of the helper child', async () => {
    const stored = new Map<string, string>();
    const runner = vi.fn<KeychainRunner>((request) => {
      const id = `${request.service}/${request.account}`;
      if (request.op === 'set') stored.set(id, request.value);
      if (request.op === 'delete') stored.delete(id);
      return Promise.resolve({ ok: true, value: request.op === 'get' ? (stored.get(id) ?? null) : null });
    });
    const provider = createKeychainProvider({ runner, env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus' }, platform: 'linux' });
    const created = await provider.createKey(new AbortController().signal);
    const loaded = await provider.loadKey(created.params, new AbortController().signal);
    expect(Buffer.from(loaded).equals(Buffer.from(created.key))).toBe(true);
    expect(runner.mock.calls.map(([request]) => request.op)).toContain('set');
    expect(runner.mock.calls.map(([request]) => request.op)).toContain('get');
  });
});
