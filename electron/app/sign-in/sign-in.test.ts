import { describe, expect, it } from 'vitest';
import type { DeviceLogin, ServerStatus, SignInProgress } from '../../../shared/api';
import type { HttpServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { AuthCoordinator, ConnectOptions } from '../../auth';
import type { Pool } from '../../pool';
import { requireServer, type Registry } from '../../registry';
import { SignIns } from './sign-in';

const entry: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', auth: { type: 'oauth' } };
const URL_SHOWN = 'https://id.example.com/authorize?client_id=app&state=s';

/** A coordinator whose browser flow (or device flow: its code) shows its address, then waits for the test to end it (or for cancellation). */
function setup(flow: 'browser' | 'device' = 'browser') {
  const devices: DeviceLogin[] = [];
  const events: SignInProgress[] = [];
  const finishers: Array<(outcome: 'ok' | 'timeout' | CodedError) => void> = [];
  const auth = {
    status: () => Promise.resolve({ server: 'notes', type: 'oauth', connected: false, needsAuth: true, scopes: [], refreshable: false }),
    connect: (_name: string, _config: unknown, options: ConnectOptions) =>
      new Promise<void>((resolve, reject) => {
        options.onEvent?.(
          flow === 'browser'
            ? { type: 'browser', server: 'notes', url: URL_SHOWN, expiresAt: 1_000 + 300_000 }
            : { type: 'device_code', server: 'notes', userCode: 'WDJB-MJHT', verificationUri: 'https://id.example.com/device', expiresAt: 301_000, intervalMs: 5_000 },
        );
        options.signal?.addEventListener('abort', () => reject(new CodedError('denied', 'The sign-in was cancelled.')));
        finishers.push((outcome) =>
          outcome === 'ok' ? resolve() : reject(outcome instanceof CodedError ? outcome : new CodedError('timeout', 'No answer from the browser sign-in within 300 s.')),
        );
      }),
  } as unknown as AuthCoordinator;
  const pool = { start: (name: string) => Promise.resolve({ name, state: 'ready' } as unknown as ServerStatus) } as unknown as Pool;
  const registry = { config: () => ({ mcpServers: { notes: entry } }), require: (name: string) => requireServer({ mcpServers: { notes: entry } }, name), approvals: { status: () => 'not_needed' } } as unknown as Registry;
  const signIns = new SignIns({ auth, pool, registry, onDeviceLogin: (d) => devices.push(d), onSignIn: (p) => events.push(p), now: () => 1_000 });
  return { signIns, events, finishers, devices };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 50 && !check(); i++) await Promise.resolve();
};

describe('SignIns', () => {
  it('keeps the browser sign-in address and its deadline findable while it waits, then its end', async () => {
    const { signIns, events, finishers } = setup();
    const connected = signIns.connect('notes');
    await until(() => finishers.length === 1);
    expect(signIns.list()).toEqual([{ server: 'notes', flow: 'browser', state: 'waiting', startedAt: 1_000, url: URL_SHOWN, expiresAt: 301_000 }]);
    finishers[0]?.('ok');
    await expect(connected).resolves.toMatchObject({ state: 'ready' });
    expect(events.map((e) => e.state)).toEqual(['waiting', 'waiting', 'signed_in']);
    expect(signIns.list()[0]?.state).toBe('signed_in');
  });

  it('with signIn: false begins none: auth_required naming the command that signs in, nothing waiting', async () => {
    const { signIns, events, finishers } = setup();
    await expect(signIns.connect('notes', { signIn: false })).rejects.toMatchObject({
      code: 'auth_required',
      message: 'notes needs a sign-in first: run `connected-services connect notes`',
      hint: 'Or press "Sign in with the browser" or "Sign in with a code" on its page in the app',
      data: { server: 'notes' },
    });
    expect(finishers).toEqual([]);
    expect(events).toEqual([]);
    expect(signIns.list()).toEqual([]);
  });

  it('says a sign-in whose wait ran out expired, with the reason', async () => {
    const { signIns, finishers } = setup();
    const connected = signIns.connect('notes');
    await until(() => finishers.length === 1);
    finishers[0]?.('timeout');
    await expect(connected).rejects.toMatchObject({ code: 'timeout' });
    expect(signIns.list()[0]).toMatchObject({ state: 'expired', message: 'No answer from the browser sign-in within 300 s.' });
  });

  it('keeps the authorization server\'s page about its error with a failed sign-in, for the app to link', async () => {
    const { signIns, finishers } = setup();
    const connected = signIns.connect('notes');
    await until(() => finishers.length === 1);
    const page = 'https://id.example.com/errors/invalid_scope';
    finishers[0]?.(new CodedError('auth_required', 'The authorization server answered invalid_scope.', { data: { oauthError: 'invalid_scope', errorUri: page } }));
    await expect(connected).rejects.toMatchObject({ code: 'auth_required' });
    expect(signIns.list()[0]).toMatchObject({ state: 'failed', message: 'The authorization server answered invalid_scope.', errorUri: page });
  });

  it("hands the device-code screen the authorization server's page about the error that ended it", async () => {
    const { signIns, finishers, devices } = setup('device');
    const connected = signIns.connect('notes');
    await until(() => finishers.length === 1);
    const page = 'https://id.example.com/errors/access_denied';
    finishers[0]?.(new CodedError('denied', 'Sign-in to "notes" was declined on the verification page.', { data: { errorUri: page } }));
    await expect(connected).rejects.toMatchObject({ code: 'denied' });
    expect(devices.at(-1)).toMatchObject({ server: 'notes', state: 'denied', errorUri: page });
  });

  it('refuses a second sign-in while one waits, saying it can be retried; retry cancels the first and starts again', async () => {
    const { signIns, finishers } = setup();
    const first = signIns.connect('notes');
    first.catch(() => undefined);
    await until(() => finishers.length === 1);
    await expect(signIns.connect('notes')).rejects.toMatchObject({ code: 'invalid_input', data: { reason: 'sign_in_in_progress' } });
    const second = signIns.connect('notes', { retry: true });
    await expect(first).rejects.toMatchObject({ code: 'denied' });
    await until(() => finishers.length === 2);
    expect(signIns.list()).toEqual([expect.objectContaining({ state: 'waiting', url: URL_SHOWN })]);
    finishers[1]?.('ok');
    await expect(second).resolves.toMatchObject({ state: 'ready' });
  });

  it('a caller that follows retries (addService) ends as the newest sign-in ends, through two restarts', async () => {
    const { signIns, finishers } = setup();
    const transaction = signIns.connect('notes', { followRetry: true });
    await until(() => finishers.length === 1);
    const again = signIns.connect('notes', { retry: true });
    again.catch(() => undefined);
    await until(() => finishers.length === 2);
    const third = signIns.connect('notes', { retry: true });
    // The one restarted in between answers as a cancelled sign-in does; the transaction waits on.
    await expect(again).rejects.toMatchObject({ code: 'denied' });
    await until(() => finishers.length === 3);
    finishers[2]?.('ok');
    await expect(third).resolves.toMatchObject({ state: 'ready' });
    await expect(transaction).resolves.toMatchObject({ state: 'ready' });
  });

  it('a followed sign-in that is restarted, then cancelled, ends the follower as cancelled', async () => {
    const { signIns, finishers } = setup();
    const transaction = signIns.connect('notes', { followRetry: true });
    transaction.catch(() => undefined);
    await until(() => finishers.length === 1);
    const again = signIns.connect('notes', { retry: true });
    again.catch(() => undefined);
    await until(() => finishers.length === 2);
    await signIns.cancelAndWait('notes');
    await expect(transaction).rejects.toMatchObject({ code: 'denied' });
    expect(signIns.list()[0]?.state).toBe('cancelled');
  });

  it('cancelAndWait resolves only once the sign-in has ended, and marks it cancelled', async () => {
    const { signIns, finishers } = setup();
    const first = signIns.connect('notes');
    first.catch(() => undefined);
    await until(() => finishers.length === 1);
    await signIns.cancelAndWait('notes');
    expect(signIns.list()[0]?.state).toBe('cancelled');
    // The slot is free at once: a new sign-in is not refused as "in progress".
    const again = signIns.connect('notes');
    await until(() => finishers.length === 2);
    finishers[1]?.('ok');
    await expect(again).resolves.toMatchObject({ state: 'ready' });
  });
});
