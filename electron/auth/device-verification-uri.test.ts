import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { checkedBrowserUrl } from './browser-url';
import type { Discovery } from './discovery';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { runDeviceFlow, type FlowContext } from './flows';
import type { FetchLike } from '../net';
import { oauthConfigurationOf } from './oauth-client';
import type { FlowEvent } from './types';

const AS = { issuer: 'https://as.test', token_endpoint: 'https://as.test/token', device_authorization_endpoint: 'https://as.test/device/auth' };
const device = { device_code: 'dc', user_code: 'WDJB-MJHT', verification_uri: 'https://as.test/device', expires_in: 600, interval: 2 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A device sign-in against an AS whose device answer is `answer`, approved at the first poll. */
async function signIn(answer: Record<string, unknown>): Promise<{ events: FlowEvent[]; opened: string[]; notes: string[] }> {
  const fetch: FetchLike = (url) => Promise.resolve(String(url) === AS.device_authorization_endpoint ? json(200, answer) : json(200, { access_token: 'at', token_type: 'bearer', expires_in: 60 }));
  const discovery: Discovery = { resource: 'https://mcp.test/mcp', issuer: AS.issuer, as: AS };
  const config = oauthConfigurationOf(oidc, AS, { clientId: 'client', authMethod: 'none' }, fetch);
  const resolver = scriptedResolver(['93.184.216.34']);
  const events: FlowEvent[] = [];
  const notes: string[] = [];
  const opened: string[] = [];
  const ctx: FlowContext = {
    server: 'srv',
    discovery,
    reach: 'public',
    checkBrowserUrl: (value, what) => checkedBrowserUrl(value, what, 'public', resolver),
    config,
    scopes: undefined,
    emit: (e) => events.push(e),
    now: () => 1_000_000,
    note: (m) => notes.push(m),
  };
  await runDeviceFlow(ctx, { sleep: () => Promise.resolve(), opener: (url) => Promise.resolve(void opened.push(url)) });
  return { events, opened, notes };
}

// RFC 8628 §3.3.1: the complete URI is the verification page with the code in it; the address shown is the one opened.
describe('device flow: verification_uri_complete on another origin than verification_uri', () => {
  it('is dropped and said in the log and to the person (its origin): the shown verification_uri is what is opened', async () => {
    const { events, opened, notes } = await signIn({ ...device, verification_uri_complete: 'https://phish.test/device?code=WDJB-MJHT' });
    const shown = events.find((e) => e.type === 'device_code');
    expect(shown).toEqual({
      type: 'device_code',
      server: 'srv',
      userCode: 'WDJB-MJHT',
      verificationUri: 'https://as.test/device',
      ignoredCompleteOrigin: 'https://phish.test',
      expiresAt: expect.any(Number) as number,
      intervalMs: 2000,
    });
    expect(opened).toEqual(['https://as.test/device']);
    expect(notes).toEqual(["ignored the verification_uri_complete of the authorization server: its origin https://phish.test is not the verification_uri's https://as.test"]);
  });

  it('another port or scheme is another origin too', async () => {
    for (const complete of ['https://as.test:8443/device?code=X', 'https://login.as.test/device?code=X']) {
      const { events, opened } = await signIn({ ...device, verification_uri_complete: complete });
      expect(events.find((e) => e.type === 'device_code'), complete).not.toHaveProperty('verificationUriComplete');
      expect(opened, complete).toEqual(['https://as.test/device']);
    }
  });

  it('on the same origin it is kept and opened, nothing logged', async () => {
    const { events, opened, notes } = await signIn({ ...device, verification_uri_complete: 'https://as.test/device?user_code=WDJB-MJHT' });
    expect(events.find((e) => e.type === 'device_code')).toMatchObject({ verificationUri: 'https://as.test/device', verificationUriComplete: 'https://as.test/device?user_code=WDJB-MJHT' });
    expect(events.find((e) => e.type === 'device_code')).not.toHaveProperty('ignoredCompleteOrigin');
    expect(opened).toEqual(['https://as.test/device?user_code=WDJB-MJHT']);
    expect(notes).toEqual([]);
  });
});

// The page links plain http only to localhost, 127.0.0.0/8 and [::1]: the core shows and opens no other.
describe('device flow: a verification_uri under a name for this computer', () => {
  it('`http://accounts.google.com.localhost` is refused, never shown nor opened', async () => {
    const error = await signIn({ ...device, verification_uri: 'http://accounts.google.com.localhost:8080/o/oauth2/device' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Refused the verification_uri "http://accounts.google.com.localhost:8080/o/oauth2/device": http: is opened only to localhost, 127.0.0.0/8 or [::1], not to another name for this computer (it can read as another site).',
    );
  });
});
