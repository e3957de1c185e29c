import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { checkedBrowserUrl } from './browser-url';
import type { Discovery } from './discovery';
import type { Resolver } from './endpoint-fetch';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { MAX_DEVICE_CODE_MS, MIN_POLL_MS } from './device-timing';
import { runDeviceFlow, type FlowContext } from './flows';
import type { FetchLike } from '../net';
import { oauthConfigurationOf } from './oauth-client';
import type { FlowEvent } from './types';

const AS = { issuer: 'https://as.test', token_endpoint: 'https://as.test/token', device_authorization_endpoint: 'https://as.test/device/auth' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An authorization server played by a function: device authorization, then one answer per poll. */
function stubAs(deviceAnswer: Record<string, unknown>, polls: Response[]) {
  const requests: string[] = [];
  const fetch: FetchLike = (url) => {
    requests.push(String(url));
    if (String(url) === AS.device_authorization_endpoint) return Promise.resolve(json(200, deviceAnswer));
    const next = polls.shift();
    return Promise.resolve(next ?? json(500, { error: 'server_error' }));
  };
  return { fetch, requests };
}

/** The device URIs' names resolve to a public address here, as as.test would. */
const publicNames = scriptedResolver(['93.184.216.34']);

function context(fetch: FetchLike, now: () => number = () => 1_000_000, signal?: AbortSignal, resolver: Resolver = publicNames): { ctx: FlowContext; events: FlowEvent[] } {
  const discovery: Discovery = { resource: 'https://mcp.test/mcp', issuer: AS.issuer, as: AS };
  const events: FlowEvent[] = [];
  const config = oauthConfigurationOf(oidc, AS, { clientId: 'client', authMethod: 'none' }, fetch);
  const checkBrowserUrl = (value: string, what: string): Promise<URL> => checkedBrowserUrl(value, what, 'public', resolver);
  return { ctx: { server: 'srv', discovery, reach: 'public', checkBrowserUrl, config, scopes: ['a'], emit: (e) => events.push(e), now, signal }, events };
}

const device = { device_code: 'dc', user_code: 'ABCD-EFGH', verification_uri: 'https://as.test/device', expires_in: 600, interval: 2 };
const pending = () => json(400, { error: 'authorization_pending' });
const slowDown = () => json(400, { error: 'slow_down' });
const tokens = () => json(200, { access_token: 'at', token_type: 'bearer', expires_in: 60 });

async function failure(promise: Promise<unknown>): Promise<CodedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('device flow polling (RFC 8628 §3.4-3.5)', () => {
  it('waits the interval, adds 5 s per slow_down for all later polls, and returns the tokens', async () => {
    const { fetch, requests } = stubAs(device, [slowDown(), pending(), slowDown(), tokens()]);
    const { ctx, events } = context(fetch);
    const waits: number[] = [];
    const result = await runDeviceFlow(ctx, { sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    expect(result.access_token).toBe('at');
    expect(waits).toEqual([2000, 7000, 7000, 12000]);
    expect(requests.filter((u) => u === AS.token_endpoint)).toHaveLength(4);
    expect(events.map((e) => (e.type === 'device_poll' ? `${e.state}:${e.intervalMs}` : e.type))).toEqual([
      'device_code',
      'slow_down:7000',
      'pending:7000',
      'slow_down:12000',
      'approved:12000',
    ]);
    expect(events[0]).toMatchObject({ userCode: 'ABCD-EFGH', verificationUri: 'https://as.test/device', expiresAt: 1_000_000 + 600_000, intervalMs: 2000 });
  });

  it('defaults the interval to 5 s', async () => {
    const { interval: _unused, ...withoutInterval } = device;
    const { fetch } = stubAs(withoutInterval, [tokens()]);
    const waits: number[] = [];
    await runDeviceFlow(context(fetch).ctx, { sleep: (ms) => (waits.push(ms), Promise.resolve()) });
    expect(waits).toEqual([5000]);
  });

  it('expired_token ends with timeout, access_denied with denied, others with their OAuth error', async () => {
    const sleep = () => Promise.resolve();
    expect((await failure(runDeviceFlow(context(stubAs(device, [pending(), json(400, { error: 'expired_token' })]).fetch).ctx, { sleep }))).code).toBe('timeout');
    expect((await failure(runDeviceFlow(context(stubAs(device, [json(400, { error: 'access_denied' })]).fetch).ctx, { sleep }))).code).toBe('denied');
    expect(await failure(runDeviceFlow(context(stubAs(device, [json(400, { error: 'invalid_grant' })]).fetch).ctx, { sleep }))).toMatchObject({
      code: 'auth_required',
      data: { oauthError: 'invalid_grant' },
    });
  });

  it("a device code's access_denied and expired_token carry the server's error_uri when it passes the URL check (RFC 8628 §3.5)", async () => {
    const sleep = () => Promise.resolve();
    const page = 'https://as.example/device-errors';
    for (const [error, code] of [['access_denied', 'denied'], ['expired_token', 'timeout']] as const) {
      const ended = await failure(runDeviceFlow(context(stubAs(device, [json(400, { error, error_uri: page })]).fetch).ctx, { sleep }));
      expect(ended, error).toMatchObject({ code, data: { errorUri: page } });
      expect(ended.hint, error).toContain(page);
    }
    const expired = await failure(runDeviceFlow(context(stubAs(device, [json(400, { error: 'expired_token', error_uri: page })]).fetch).ctx, { sleep }));
    expect(expired.hint).toBe(`Start again for a new code: run \`connected-services connect srv --device\` (or press "Sign in with a code" on its page in the app); the authorization server explains this error at ${page}`);
    const hostile = await failure(runDeviceFlow(context(stubAs(device, [json(400, { error: 'access_denied', error_uri: 'javascript:alert(1)' })]).fetch).ctx, { sleep }));
    expect(hostile.data?.['errorUri']).toBeUndefined();
    expect(hostile.hint).not.toContain('javascript');
  });

  it('stops when its own clock says the code expired, without asking again', async () => {
    let now = 0;
    const { fetch, requests } = stubAs({ ...device, expires_in: 10 }, [pending(), pending()]);
    const error = await failure(runDeviceFlow(context(fetch, () => now).ctx, { sleep: () => ((now += 6000), Promise.resolve()) }));
    expect(error.code).toBe('timeout');
    // A new code is the way out, by the button that starts one.
    expect(error.hint).toBe('Start again for a new code: run `connected-services connect srv --device` (or press "Sign in with a code" on its page in the app)');
    expect(requests.filter((u) => u === AS.token_endpoint)).toHaveLength(1);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const { fetch, requests } = stubAs(device, [pending(), pending()]);
    const sleep = (_ms: number, signal?: AbortSignal) => {
      controller.abort();
      return signal?.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
    };
    const error = await failure(runDeviceFlow(context(fetch, undefined, controller.signal).ctx, { sleep }));
    expect(error).toMatchObject({ code: 'denied', message: 'Sign-in to "srv" was cancelled.' });
    expect(requests.filter((u) => u === AS.token_endpoint)).toHaveLength(0);
  });

  it('never polls faster than once a second, and gives up after 30 minutes, whatever the AS says', async () => {
    let now = 0;
    const requests: string[] = [];
    // A fake AS that answers every poll "pending", with a 1 ms interval and a code that "never" expires.
    const fetch: FetchLike = (url) => {
      requests.push(String(url));
      if (String(url) === AS.device_authorization_endpoint) return Promise.resolve(json(200, { ...device, interval: 0.001, expires_in: 1e9 }));
      return Promise.resolve(pending());
    };
    const waits: number[] = [];
    const error = await failure(runDeviceFlow(context(fetch, () => now).ctx, { sleep: (ms) => (waits.push(ms), (now += ms), Promise.resolve()) }));
    expect(error.code).toBe('timeout');
    expect(Math.min(...waits)).toBe(MIN_POLL_MS);
    expect(now).toBe(MAX_DEVICE_CODE_MS);
    expect(requests.filter((u) => u === AS.token_endpoint).length).toBe(MAX_DEVICE_CODE_MS / MIN_POLL_MS - 1);
  });

  it('slow_down still adds 5 s to a clamped interval; a huge interval is capped', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => (waits.push(ms), Promise.resolve());
    await runDeviceFlow(context(stubAs({ ...device, interval: 0.5 }, [slowDown(), tokens()]).fetch).ctx, { sleep });
    expect(waits).toEqual([MIN_POLL_MS, MIN_POLL_MS + 5000]);
    waits.length = 0;
    await runDeviceFlow(context(stubAs({ ...device, interval: 1e9 }, [tokens()]).fetch).ctx, { sleep });
    expect(waits).toEqual([60_000]);
  });
});

describe('device flow: the verification URI is checked by what its name resolves to (review: written host only)', () => {
  it('a public server\'s verification_uri named by a host that resolves to 127.0.0.1 is refused, never shown nor polled', async () => {
    const { fetch, requests } = stubAs({ ...device, verification_uri: 'https://login.rebind.test/device' }, [tokens()]);
    const loopbackName = scriptedResolver(['127.0.0.1']);
    const { ctx, events } = context(fetch, undefined, undefined, loopbackName);
    const error = await failure(runDeviceFlow(ctx, { sleep: () => Promise.resolve() }));
    expect(error.code).toBe('denied');
    expect(error.message).toBe(
      'Refused the verification_uri "https://login.rebind.test/device": login.rebind.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer.',
    );
    expect(loopbackName.calls).toEqual(['login.rebind.test']);
    expect(events).toEqual([]);
    expect(requests.filter((u) => u === AS.token_endpoint)).toEqual([]);
  });

  it('one resolving to a private address is refused too; one resolving to a public address is shown', async () => {
    const privateName = context(stubAs(device, []).fetch, undefined, undefined, scriptedResolver(['10.0.0.7']));
    expect((await failure(runDeviceFlow(privateName.ctx, { sleep: () => Promise.resolve() }))).message).toContain('as.test resolves to 10.0.0.7: it points at a private network');
    const { ctx, events } = context(stubAs(device, [tokens()]).fetch);
    await runDeviceFlow(ctx, { sleep: () => Promise.resolve() });
    expect(events[0]).toMatchObject({ type: 'device_code', verificationUri: 'https://as.test/device' });
  });
});

