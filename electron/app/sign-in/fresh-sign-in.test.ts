import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import type { HttpServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { AuthCoordinator, ConnectOptions } from '../../auth';
import type { Pool } from '../../pool';
import { requireServer, type Registry } from '../../registry';
import { SignIns } from './sign-in';

/** A service already signed in: its credential works, and the pool starts it without a sign-in. */
function setup(auth: HttpServerConfig['auth'] = { type: 'oauth' }) {
  const entry: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', ...(auth ? { auth } : {}) };
  const flows: (string | undefined)[] = [];
  const finishers: ((ok: boolean) => void)[] = [];
  const coordinator = {
    status: () => Promise.resolve({ server: 'notes', type: 'oauth', connected: true, needsAuth: false, scopes: [], refreshable: true }),
    connect: (_name: string, _config: unknown, options: ConnectOptions) =>
      new Promise<void>((resolve, reject) => {
        flows.push(options.flow);
        finishers.push((ok) => (ok ? resolve() : reject(new CodedError('denied', 'The sign-in was cancelled.'))));
      }),
  } as unknown as AuthCoordinator;
  const pool = { start: (name: string) => Promise.resolve({ name, state: 'ready' } as unknown as ServerStatus) } as unknown as Pool;
  const config = { mcpServers: { notes: entry } };
  const registry = { config: () => config, require: (name: string) => requireServer(config, name), approvals: { status: () => 'not_needed' } } as unknown as Registry;
  return { signIns: new SignIns({ auth: coordinator, pool, registry, onDeviceLogin: () => undefined }), flows, finishers };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 50 && !check(); i++) await Promise.resolve();
};

describe('SignIns: a sign-in asked for on a service already signed in', () => {
  it('connect alone starts it with the credential it holds', async () => {
    const { signIns, flows } = setup();
    await expect(signIns.connect('notes', { flow: 'browser' })).resolves.toMatchObject({ state: 'ready' });
    expect(flows).toEqual([]);
  });

  it.each(['browser', 'device'] as const)('signIn: true runs a fresh %s sign-in, shown while it waits', async (flow) => {
    const { signIns, flows, finishers } = setup();
    const connected = signIns.connect('notes', { flow, signIn: true });
    await until(() => finishers.length === 1);
    expect(flows).toEqual([flow]);
    expect(signIns.list()).toMatchObject([{ server: 'notes', state: 'waiting' }]);
    finishers[0]?.(true);
    await expect(connected).resolves.toMatchObject({ state: 'ready' });
    expect(signIns.list()).toMatchObject([{ server: 'notes', state: 'signed_in' }]);
  });

  it('for a server without an auth block too (it signed in after a 401)', async () => {
    const { signIns, flows, finishers } = setup(undefined);
    const connected = signIns.connect('notes', { flow: 'browser', signIn: true });
    await until(() => finishers.length === 1);
    expect(flows).toEqual(['browser']);
    finishers[0]?.(false);
    await expect(connected).rejects.toMatchObject({ code: 'denied' });
  });

  it('an API key is not signed in to: it starts as it is', async () => {
    const { signIns, flows } = setup({ type: 'api_key', key: '${secret:K}' });
    await expect(signIns.connect('notes', { signIn: true })).resolves.toMatchObject({ state: 'ready' });
    expect(flows).toEqual([]);
  });
});
