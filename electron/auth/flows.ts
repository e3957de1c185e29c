import type * as oidc from 'openid-client';
import { CodedError } from '../../shared/errors';
import { clientRefused, connectHint, flowError, newCodeHint, oauthErrorOf, serverRefusal } from './auth-errors';
import { DURING } from './flow-steps';
import { DEVICE_GRANT } from './client-identity';
import type { Discovery } from './discovery';
import type { RedirectListener } from './loopback-listener';
import { deviceCodeLifetime, firstPollInterval, slowerPollInterval } from './device-timing';
import type { Opener } from './openers';
import { loadOidc } from './oidc-module';
import { OFFLINE_ACCESS } from './scopes';
import type { TokenResponseLike } from './token-record';
import type { FlowEvent } from './types';
import type { Reach } from '../net';

export interface FlowContext {
  server: string;
  discovery: Discovery;
  /** The server's reach for this sign-in: the pages opened in the browser are no closer. */
  reach: Reach;
  /** Checks a URL before the browser is given it, its host name resolved (browser-url.ts). */
  checkBrowserUrl: (value: string, what: string) => Promise<URL>;
  config: oidc.Configuration;
  scopes: string[] | undefined;
  signal?: AbortSignal | undefined;
  emit: (event: FlowEvent) => void;
  now: () => number;
  /** Extra parameters of the authorization request the entry asks for (`access_type=offline`, …). */
  authorizationParams?: Record<string, string> | undefined;
  /** A diagnostic line for the core's log (never a secret). */
  note?: ((message: string) => void) | undefined;
  /** The vault secret the entry's clientSecret names (`${secret:NAME}`), for the hint when it is refused. */
  clientSecretName?: string | undefined;
}

function cancelled(server: string): CodedError {
  return new CodedError('denied', `Sign-in to "${server}" was cancelled.`, { hint: connectHint(server) });
}

function baseParameters(ctx: FlowContext): Record<string, string> {
  // RFC 8707 §2: the resource the tokens are for, on authorization and token requests alike (a stdio
  // server is no resource server: none is named, as providers like Google refuse unknown parameters).
  const params: Record<string, string> = ctx.discovery.resource === '' ? {} : { resource: ctx.discovery.resource };
  if (ctx.scopes) params['scope'] = ctx.scopes.join(' ');
  return params;
}

export interface BrowserFlowOptions {
  listener: RedirectListener;
  opener: Opener;
  timeoutMs: number;
}

/** Authorization code with PKCE S256 through the person's browser and a loopback redirect (RFC 8252). */
export async function runBrowserFlow(ctx: FlowContext, options: BrowserFlowOptions): Promise<TokenResponseLike> {
  const { listener } = options;
  try {
    const lib = await loadOidc();
    const verifier = lib.randomPKCECodeVerifier();
    const state = lib.randomState();
    const params: Record<string, string> = {
      ...ctx.authorizationParams,
      ...baseParameters(ctx),
      redirect_uri: listener.redirectUri,
      code_challenge: await lib.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    };
    // OpenID Connect Core §11: offline access is granted only with consent asked for.
    if (ctx.scopes?.includes(OFFLINE_ACCESS) && params['prompt'] === undefined) params['prompt'] = 'consent';
    const url = await ctx.checkBrowserUrl(lib.buildAuthorizationUrl(ctx.config, params).href, 'the sign-in page');
    const waiting = listener.next(ctx.signal, options.timeoutMs, state);
    waiting.catch(() => undefined);
    ctx.emit({ type: 'browser', server: ctx.server, url: url.href, expiresAt: ctx.now() + options.timeoutMs });
    await options.opener(url.href);
    const callback = await waiting;
    try {
      // The listener took only this `state`; openid-client checks it again (single use) and, per RFC 9207, `iss`.
      const tokens = await lib.authorizationCodeGrant(ctx.config, callback.url, { pkceCodeVerifier: verifier, expectedState: state }, baseParameters(ctx));
      callback.respond({ ok: true });
      return tokens;
    } catch (error) {
      const coded = flowError(ctx.server, error, DURING.signIn, ctx.reach);
      callback.respond({ ok: false, message: coded.message });
      throw coded;
    }
  } finally {
    await listener.close();
  }
}

export interface DeviceFlowOptions {
  /** Opens the verification page too (a print-only opener just shows it). Errors do not end the flow. */
  opener?: Opener | undefined;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Longer than any code a person is asked to type (RFC 8628 §6.1 suggests 8 characters or so). */
const MAX_USER_CODE = 64;

/**
 * RFC 8628 §3.3.1: verification_uri_complete is a shortcut to the verification_uri's page with the
 * code filled in, so it is used only on the same origin; another origin would be opened (and put in
 * the QR code) while the person reads the verification_uri. Dropped then, and said in the log and to
 * the person signing in (its origin only: the address itself is not shown).
 */
async function sameOriginComplete(ctx: FlowContext, verificationUri: string, complete: string | undefined): Promise<{ complete?: string; ignoredOrigin?: string }> {
  if (complete === undefined) return {};
  const checked = await ctx.checkBrowserUrl(complete, 'the verification_uri_complete');
  const expected = new URL(verificationUri).origin;
  if (checked.origin === expected) return { complete: checked.href };
  ctx.note?.(`ignored the verification_uri_complete of the authorization server: its origin ${checked.origin} is not the verification_uri's ${expected}`);
  return { ignoredOrigin: checked.origin };
}

/** RFC 8628: show a code, then poll the token endpoint until the person approves (or not). */
export async function runDeviceFlow(ctx: FlowContext, options: DeviceFlowOptions): Promise<TokenResponseLike> {
  if (ctx.discovery.as.device_authorization_endpoint === undefined) {
    throw new CodedError('invalid_config', `The authorization server of "${ctx.server}" does not offer device sign-in.`, {
      hint: `Sign in through the browser instead: run \`connected-services connect ${ctx.server}\`.`,
    });
  }
  const lib = await loadOidc();
  let authorization: oidc.DeviceAuthorizationResponse;
  try {
    authorization = await lib.initiateDeviceAuthorization(ctx.config, baseParameters(ctx));
  } catch (error) {
    throw flowError(ctx.server, error, DURING.deviceCode, ctx.reach);
  }
  // RFC 8628 §6.1: a code a person reads and types. A longer one is not shown (a terminal or the
  // sign-in dialog would be flooded by whatever the AS sent).
  if (authorization.user_code.length > MAX_USER_CODE) {
    throw new CodedError('denied', `Refused the user_code of the authorization server of "${ctx.server}": ${authorization.user_code.length} characters, where a code to type has a few.`, {
      hint: 'Sign in through the browser instead, or ask the service to fix its device sign-in.',
    });
  }
  // The verification URIs come from the AS: shown and opened only when safe.
  const verificationUri = (await ctx.checkBrowserUrl(authorization.verification_uri, 'the verification_uri')).href;
  const { complete, ignoredOrigin } = await sameOriginComplete(ctx, verificationUri, authorization.verification_uri_complete);
  // Bounded both ways whatever the AS says (see device-timing.ts).
  const expiresAt = ctx.now() + deviceCodeLifetime(authorization.expires_in);
  let intervalMs = firstPollInterval(authorization.interval);
  ctx.emit({
    type: 'device_code',
    server: ctx.server,
    userCode: authorization.user_code,
    verificationUri,
    ...(complete === undefined ? {} : { verificationUriComplete: complete }),
    ...(ignoredOrigin === undefined ? {} : { ignoredCompleteOrigin: ignoredOrigin }),
    expiresAt,
    intervalMs,
  });
  if (options.opener) await options.opener(complete ?? verificationUri).catch(() => undefined);

  for (let attempt = 1; ; attempt++) {
    try {
      await options.sleep(intervalMs, ctx.signal);
    } catch {
      throw cancelled(ctx.server);
    }
    if (ctx.signal?.aborted) throw cancelled(ctx.server);
    if (ctx.now() >= expiresAt) {
      throw new CodedError('timeout', `The device code for "${ctx.server}" expired before it was approved.`, { hint: newCodeHint(ctx.server) });
    }
    try {
      const tokens = await lib.genericGrantRequest(ctx.config, DEVICE_GRANT, { ...baseParameters(ctx), device_code: authorization.device_code });
      ctx.emit({ type: 'device_poll', server: ctx.server, state: 'approved', attempt, intervalMs });
      return tokens;
    } catch (error) {
      if (ctx.signal?.aborted) throw cancelled(ctx.server);
      const info = oauthErrorOf(error);
      const code = info.error;
      if (code === 'authorization_pending') {
        ctx.emit({ type: 'device_poll', server: ctx.server, state: 'pending', attempt, intervalMs });
        continue;
      }
      if (code === 'slow_down') {
        // RFC 8628 §3.5: the interval grows by 5 seconds for this and all later requests.
        intervalMs = slowerPollInterval(intervalMs);
        ctx.emit({ type: 'device_poll', server: ctx.server, state: 'slow_down', attempt, intervalMs });
        continue;
      }
      if (code === 'expired_token') {
        throw serverRefusal('timeout', `The device code for "${ctx.server}" expired before it was approved.`, ctx.server, info, ctx.reach, {}, newCodeHint(ctx.server));
      }
      if (code === 'access_denied') {
        throw serverRefusal('denied', `Sign-in to "${ctx.server}" was declined on the verification page.`, ctx.server, info, ctx.reach);
      }
      throw flowError(ctx.server, error, DURING.deviceApproval, ctx.reach);
    }
  }
}

/** Client credentials (RFC 6749 §4.4) with client_secret_basic or client_secret_post. */
export async function runClientCredentials(ctx: FlowContext): Promise<TokenResponseLike> {
  const lib = await loadOidc();
  try {
    return await lib.clientCredentialsGrant(ctx.config, baseParameters(ctx));
  } catch (error) {
    throw clientRefused(ctx.server, flowError(ctx.server, error, DURING.clientCredentials, ctx.reach), ctx.clientSecretName);
  }
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
