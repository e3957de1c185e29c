import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, REGISTRATION_NAMESPACE, registrationKey, type AuthCoordinator, type FlowEvent } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { DEVICE_GRANT, LOOPBACK_CALLBACK } from '../fixtures/oauth/constants';
import { approveDevice, openTestVault, startStack, type Stack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface SetUp {
  stack: Stack;
  vault: Vault;
  coordinator: AuthCoordinator;
  /** The waits the coordinator asked for, in ms (they are shortened for the test). */
  waits: number[];
  opened: string[];
}

async function setUp(stackOptions: Parameters<typeof startStack>[0], options: { scale?: number; sleep?: () => Promise<void>; now?: () => number } = {}): Promise<SetUp> {
  const stack = await startStack(stackOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const waits: number[] = [];
  const opened: string[] = [];
  const scale = options.scale ?? 10;
  const coordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    sleep: (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) return Promise.reject(new Error('aborted'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, ms / scale);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }).then(() => options.sleep?.());
    },
    ...(options.now ? { now: options.now } : {}),
  });
  cleanups.push(() => coordinator.close());
  return { stack, vault, coordinator, waits, opened };
}

/** Approves the sign-in (as the person would) once `when` sees the event it waits for. */
function approveOn(when: (event: FlowEvent, seen: FlowEvent[]) => boolean) {
  const seen: FlowEvent[] = [];
  const approvals: Promise<string>[] = [];
  let code: Extract<FlowEvent, { type: 'device_code' }> | undefined;
  return {
    seen,
    approvals,
    onEvent: (event: FlowEvent) => {
      seen.push(event);
      if (event.type === 'device_code') code = event;
      if (code && approvals.length === 0 && when(event, seen)) {
        approvals.push(approveDevice(code.verificationUriComplete ?? code.verificationUri).catch((error: unknown) => `approval failed: ${String(error)}`));
      }
    },
  };
}

const isPending = (e: FlowEvent) => e.type === 'device_poll' && e.state === 'pending';

describe('auth: device authorization (RFC 8628) against oidc-provider', () => {
  it('shows the code, polls at the interval, and stores tokens once a person approves', async () => {
    const { stack, coordinator, waits, opened } = await setUp({ deviceInterval: 1 });
    const script = approveOn(isPending);
    const status = await coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device', onEvent: script.onEvent });
    expect(status).toMatchObject({ connected: true, flow: 'device', scopes: ['mcp:read'] });
    expect(await script.approvals[0]).toContain('Sign-in Success');

    const code = script.seen.find((e): e is Extract<FlowEvent, { type: 'device_code' }> => e.type === 'device_code');
    expect(code?.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(code).toMatchObject({ verificationUri: `${stack.as.issuer}/device`, intervalMs: 1000 });
    expect(code?.verificationUriComplete).toBe(`${stack.as.issuer}/device?user_code=${code?.userCode ?? ''}`);
    expect(code?.expiresAt).toBeGreaterThan(Date.now());
    expect(opened).toEqual([code?.verificationUriComplete]);
    // Every poll waited the interval; the last one got the tokens.
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(new Set(waits)).toEqual(new Set([1000]));
    expect(script.seen.filter((e) => e.type === 'device_poll').at(-1)).toMatchObject({ state: 'approved' });
    expect(stack.as.pollTimes.length).toBe(waits.length);

    const fetch = coordinator.fetchFor('remote', { url: stack.mcp.url });
    const response = await fetch?.(stack.mcp.whoamiUrl);
    expect(response?.status).toBe(200);
  });

  it('adds 5 s to the interval on every slow_down, for all later polls', async () => {
    const script = approveOn((_e, seen) => seen.filter((x) => x.type === 'device_poll' && x.state === 'slow_down').length === 2);
    // A wait ends only once a started approval is through, so the poll after it is the approved one.
    const { stack, coordinator, waits } = await setUp({ deviceInterval: 1 }, { scale: 20, sleep: () => Promise.resolve(script.approvals[0]).then(() => undefined) });
    stack.as.knobs.slowDown = 2;
    await coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device', onEvent: script.onEvent });
    await script.approvals[0];
    expect(waits).toEqual([1000, 6000, 11000]);
    const polls = script.seen.filter((e) => e.type === 'device_poll');
    expect(polls.map((e) => (e.type === 'device_poll' ? [e.state, e.intervalMs] : []))).toEqual([
      ['slow_down', 6000],
      ['slow_down', 11000],
      ['approved', 11000],
    ]);
  });

  it('waits 5 s between polls when the AS gives no interval', async () => {
    const { stack, coordinator, waits } = await setUp({}, { scale: 100 });
    const script = approveOn(isPending);
    await coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device', onEvent: script.onEvent });
    await script.approvals[0];
    expect(waits[0]).toBe(5000);
    expect(new Set(waits)).toEqual(new Set([5000]));
  });

  it('ends with denied when the person declines (access_denied)', async () => {
    const { stack, vault, coordinator } = await setUp({ deviceInterval: 1 });
    stack.as.knobs.deny = true;
    const script = approveOn(isPending);
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device', onEvent: script.onEvent }));
    await script.approvals[0];
    expect(error.code).toBe('denied');
    expect(error.message).toContain('declined');
    expect((await vault.keys({ server: 'remote' })).length).toBe(0);
  });

  it('ends with a timeout when the AS says the code expired (expired_token)', async () => {
    // The AS's clock runs out (1 s code); ours stands still so the AS is the one that says so.
    const frozen = Date.now();
    const { stack, coordinator } = await setUp({ deviceInterval: 1, deviceCodeTtl: 1 }, { scale: 1, sleep: () => delay(300), now: () => frozen });
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device' }));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('expired');
    expect(error.hint).toMatch(/^Start again for a new code: run `connected-services connect remote --device` \(or press "Sign in with a code" on its page in the app\)/);
    expect(Object.keys(stack.as.counts.tokenErrors).some((k) => k.endsWith(':expired_token'))).toBe(true);
  });

  it('stops polling when cancelled', async () => {
    const { stack, coordinator } = await setUp({ deviceInterval: 1 });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await rejection(
      coordinator.connect('remote', { url: stack.mcp.url }, {
        flow: 'device',
        signal: controller.signal,
        onEvent: (event) => {
          seen.push(event.type);
          if (event.type === 'device_poll') controller.abort();
        },
      }),
    );
    expect(error.code).toBe('denied');
    expect(error.message).toContain('cancelled');
    const polls = stack.as.pollTimes.length;
    await delay(300);
    expect(stack.as.pollTimes.length).toBe(polls);
    expect(seen.at(-1)).toBe('failed');
  });

  it('registers again, once, when the AS no longer knows the stored registration (invalid_client)', async () => {
    const { stack, vault, coordinator } = await setUp({ deviceInterval: 1 });
    const ghost = {
      v: 1,
      issuer: stack.as.issuer,
      clientId: 'client-the-as-forgot',
      authMethod: 'none',
      redirectUris: [LOOPBACK_CALLBACK],
      grantTypes: ['authorization_code', 'refresh_token', DEVICE_GRANT],
      registeredAt: Date.now(),
    };
    // Where earlier versions kept it (one slot per issuer).
    await vault.set(registrationKey(stack.as.issuer), JSON.stringify(ghost));
    const script = approveOn(isPending);
    await coordinator.connect('remote', { url: stack.mcp.url }, { flow: 'device', onEvent: script.onEvent });
    expect(stack.as.counts.registrations).toBe(1);
    expect(await vault.get(registrationKey(stack.as.issuer))).toBeUndefined();
    const keys = await vault.keys({ server: REGISTRATION_NAMESPACE });
    expect(keys).toHaveLength(1);
    const stored = JSON.parse((keys[0] ? await vault.get(keys[0]) : undefined) ?? '{}') as { clientId?: string };
    expect(stored.clientId).toBeDefined();
    expect(stored.clientId).not.toBe(ghost.clientId);
    expect(keys[0]).toEqual(registrationKey(stack.as.issuer, stored.clientId));
  });
});
