import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type FlowEvent } from '../../electron/auth';
import { startDeviceAnswerAs, type DeviceAnswerAs } from '../fixtures/oauth/device-answer-as';
import { openTestVault } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A device sign-in against an AS answering `answer`: what it showed, opened and logged. */
async function signIn(answer: (base: string) => Record<string, string>): Promise<{ as: DeviceAnswerAs; shown: FlowEvent[]; opened: string[]; logged: string[]; error: unknown }> {
  const as = await startDeviceAnswerAs(answer);
  cleanups.push(() => as.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const opened: string[] = [];
  const logged: string[] = [];
  const coordinator = createAuthCoordinator({
    vault,
    dataDir,
    log: (line) => logged.push(line),
    opener: (url) => Promise.resolve(void opened.push(url)),
    sleep: () => Promise.resolve(),
  });
  cleanups.push(() => coordinator.close());
  const shown: FlowEvent[] = [];
  const error = await rejection(coordinator.connect('tv', { url: as.mcpUrl }, { flow: 'device', onEvent: (e) => shown.push(e) }));
  return { as, shown: shown.filter((e) => e.type === 'device_code'), opened, logged, error };
}

// RFC 8628 §3.3.1: verification_uri_complete is the verification page with the code; never another origin's.
describe('device sign-in against an authorization server whose complete URI is on another origin', () => {
  it('shows and opens the verification_uri, drops the complete URI and says so in the log', async () => {
    const { as, shown, opened, logged, error } = await signIn((base) => ({
      verification_uri: `${base}/official-device-page`,
      verification_uri_complete: `${base.replace('127.0.0.1', '127.0.0.2')}/phish?code=WDJB-MJHT`,
      user_code: 'WDJB-MJHT',
    }));
    expect((error as Error).message).toContain('declined on the verification page');
    expect(shown).toEqual([expect.objectContaining({ verificationUri: `${as.base}/official-device-page`, userCode: 'WDJB-MJHT' })]);
    expect(shown[0]).not.toHaveProperty('verificationUriComplete');
    expect(opened).toEqual([`${as.base}/official-device-page`]);
    const other = as.base.replace('127.0.0.1', '127.0.0.2');
    // The person signing in is told too, by origin: not only the core's log.
    expect(shown[0]).toMatchObject({ ignoredCompleteOrigin: other });
    expect(logged).toContain(`[tv] ignored the verification_uri_complete of the authorization server: its origin ${other} is not the verification_uri's ${as.base}`);
  }, 60_000);

  it('keeps and opens a complete URI on the same origin', async () => {
    const { as, shown, opened, logged } = await signIn((base) => ({ verification_uri: `${base}/device`, verification_uri_complete: `${base}/device?user_code=WDJB-MJHT`, user_code: 'WDJB-MJHT' }));
    expect(shown).toEqual([expect.objectContaining({ verificationUri: `${as.base}/device`, verificationUriComplete: `${as.base}/device?user_code=WDJB-MJHT` })]);
    expect(opened).toEqual([`${as.base}/device?user_code=WDJB-MJHT`]);
    expect(logged.filter((l) => l.includes('verification_uri_complete'))).toEqual([]);
  }, 60_000);
});

// The page links plain http only to localhost, 127.0.0.0/8 and [::1] (safeHref): the core agrees, for a server on this computer too.
describe('device sign-in against an authorization server on this computer whose verification_uri is a look-alike under localhost', () => {
  it('refuses it: nothing shown, nothing opened', async () => {
    const { shown, opened, error } = await signIn((base) => ({ verification_uri: `http://accounts.google.com.localhost:${new URL(base).port}/o/oauth2/device`, user_code: 'WDJB-MJHT' }));
    expect((error as Error).message).toContain('http: is opened only to localhost, 127.0.0.0/8 or [::1]');
    expect(shown).toEqual([]);
    expect(opened).toEqual([]);
  }, 60_000);
});
