import { CodedError } from '../../shared/errors';
import type { AnyOAuth, AuthTarget } from './auth-config';
import { isInvalidClient } from './auth-errors';
import { checkedBrowserUrl } from './browser-url';
import { vaultSecretName } from './client-secret-name';
import type { NotedChallenge } from './coordinator-state';
import { dropRegistration, resolveClient, type ClientIdentity } from './client-identity';
import type { CoreContext } from './core-context';
import { assertS256, discover, type Discovery } from './discovery';
import { discoverNamedIssuer } from './issuer-discovery';
import { runBrowserFlow, runClientCredentials, runDeviceFlow, type FlowContext } from './flows';
import { guardedFetch } from './http';
import { assertPinnedIssuer, pinnedIssuer, recordPinnedIssuer } from './issuer-pin';
import type { RedirectListenerFactory } from './loopback-listener';
import { oauthConfiguration } from './oauth-client';
import type { Opener } from './openers';
import { farthest } from '../net';
import { canonicalResource } from './resource';
import { selectScopes, unionScopes } from './scopes';
import type { TokenManager } from './token-manager';
import { applyTokenResponse, listTokens, tokensFor, tokensKey, type AuthFlow, type TokenRecord, type TokenResponseLike } from './token-record';
import { isBearer, unsupportedTokenType } from './token-type';
import type { FlowEvent } from './types';
import { userinfoAccount } from './userinfo-account';

export interface ConnectOAuthOptions {
  core: CoreContext;
  tokens: TokenManager;
  opener: Opener;
  redirectListener: RedirectListenerFactory;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  clientName: string;
  callbackTimeoutMs: number;
  challengeOf: (server: string) => NotedChallenge | undefined;
}

export interface ConnectRun {
  server: string;
  target: AuthTarget;
  auth: AnyOAuth;
  flow: AuthFlow;
  signal?: AbortSignal | undefined;
  opener?: Opener | undefined;
  emit: (event: FlowEvent) => void;
}

async function runFlow(deps: ConnectOAuthOptions, run: ConnectRun, ctx: FlowContext, identity: ClientIdentity): Promise<TokenResponseLike> {
  if (run.flow === 'client_credentials') return runClientCredentials(ctx);
  const opener = run.opener ?? deps.opener;
  if (run.flow === 'device') return runDeviceFlow(ctx, { opener, sleep: deps.sleep });
  const port = run.auth.type === 'client_credentials' ? undefined : run.auth.callbackPort;
  const listener = await deps.redirectListener({ port, slashed: identity.slashedCallback });
  return runBrowserFlow(ctx, { listener, opener, timeoutMs: deps.callbackTimeoutMs });
}

function recordOf(deps: ConnectOAuthOptions, run: ConnectRun, discovery: Discovery, identity: ClientIdentity, scopes: string[] | undefined, stepUps: number, response: TokenResponseLike, now: number): TokenRecord {
  const tokenEndpoint = discovery.as.token_endpoint ?? '';
  // RFC 6749 §4.4, §3.3: a client credentials grant is for the scopes it asked for, which the server may
  // narrow; a wider answer is not what the entry asked for and is not recorded (as in its renewals).
  // A person's sign-in is what they consented to, as answered.
  const bound = run.flow === 'client_credentials' ? { onWider: (extra: string[]) => deps.tokens.noteWider(run.server, extra, 'grant'), within: scopes ?? [] } : undefined;
  return applyTokenResponse(
    {
      v: 1,
      issuer: discovery.issuer,
      serverUrl: canonicalResource(run.target.url),
      resource: discovery.resource,
      flow: run.flow,
      clientId: identity.clientId,
      clientSource: identity.source,
      authMethod: identity.authMethod,
      tokenEndpoint,
      ...(discovery.as.revocation_endpoint === undefined ? {} : { revocationEndpoint: discovery.as.revocation_endpoint }),
      requestedScopes: scopes ?? [],
      stepUps,
    },
    response,
    now,
    bound,
  );
}

/**
 * Discovery, client identity and the flow, then the tokens into the vault (replacing this server's
 * records of other authorization servers). A dynamic registration the AS rejects (invalid_client) is
 * dropped and done again, once.
 */
export async function connectOAuth(deps: ConnectOAuthOptions, run: ConnectRun): Promise<TokenRecord> {
  const { core } = deps;
  const { server, target, auth, flow } = run;
  // Endpoints no closer than the server itself (reach.ts), its name resolved once for this sign-in;
  // a stdio server's AS is the person's choice.
  // Requests to the server's own host name connect to the addresses its reach was told from; a 401
  // seen before (by the pool) counts no closer than the addresses that sent it.
  const told = target.stdio ? { reach: 'loopback' as const, pins: undefined } : await core.reachOf(target.url);
  const noted = target.stdio ? undefined : deps.challengeOf(server);
  const reach = farthest([told.reach, noted?.reach ?? told.reach]);
  const { pins } = told;
  const fetch = guardedFetch(core.endpointFetch, run.signal, { reach, pins });
  const pinned = await pinnedIssuer(core.vault, server, auth);
  const discovery = target.stdio
    ? await discoverNamedIssuer({ server, auth, fetch, signal: run.signal })
    : await discover({
        server,
        serverUrl: target.url,
        challenge: noted?.challenge,
        authServerMetadataUrl: auth.authServerMetadataUrl,
        preferIssuer: pinned,
        reach,
        fetch,
        signal: run.signal,
      });
  // Before anything carries the configured secret: only to the issuer it was first used with.
  assertPinnedIssuer(server, auth, discovery.issuer, pinned);
  if (discovery.as.token_endpoint === undefined) {
    throw new CodedError('invalid_config', `The authorization server ${discovery.issuer} has no token endpoint.`, { data: { server } });
  }
  const previous = (await tokensFor(core.vault, server, target.url))?.record;
  const pending = previous?.issuer === discovery.issuer ? previous.stepUpScopes : undefined;
  const scopes = selectScopes({
    configured: auth.scopes,
    challenge: discovery.challenge?.scope,
    resourceSupported: discovery.prm?.scopes_supported,
    stepUp: pending === undefined ? undefined : unionScopes(previous?.requestedScopes, pending),
    serverSupported: discovery.as.scopes_supported,
    wantsRefresh: flow !== 'client_credentials',
  });
  const stepUps = pending === undefined ? 0 : (previous?.stepUps ?? 0) + 1;
  run.emit({ type: 'discovered', server, issuer: discovery.issuer, resource: discovery.resource, scopes: scopes ?? [] });
  if (flow === 'browser') assertS256(discovery);

  for (let attempt = 0; ; attempt++) {
    const identity = await resolveClient({
      server,
      auth,
      discovery,
      vault: core.vault,
      fetch,
      resolveSecret: (value) => core.resolveSecret(server, value),
      clientName: deps.clientName,
      now: core.now,
      signal: run.signal,
    });
    const fallback = identity.chosenMethod === true && identity.authMethod === 'client_secret_post';
    const config = await oauthConfiguration(discovery.as, { ...identity, onBasicFallback: fallback ? () => (identity.authMethod = 'client_secret_basic') : undefined }, fetch);
    const checkBrowserUrl = (value: string, what: string): Promise<URL> => checkedBrowserUrl(value, what, reach, core.resolver, pins);
    const ctx: FlowContext = { server, discovery, reach, checkBrowserUrl, config, scopes, signal: run.signal, emit: run.emit, now: core.now, authorizationParams: authorizationParamsOf(auth), note: (m) => core.log(`[${server}] ${m}`), clientSecretName: vaultSecretName(auth) };
    try {
      const response = await runFlow(deps, run, ctx, identity);
      if (!isBearer(response.token_type)) throw unsupportedTokenType(server, response.token_type ?? '');
      const record = recordOf(deps, run, discovery, identity, scopes, stepUps, response, core.now());
      // A person signed in (not a client by itself): userinfo names them better than a bare ID Token.
      const account =
        flow === 'client_credentials'
          ? undefined
          : await userinfoAccount({ as: discovery.as, reach, clientId: identity.clientId, response, requestedScopes: scopes, fetch, signal: run.signal, note: (m) => core.log(`[${server}] ${m}`) });
      if (account !== undefined) record.account = account;
      await storeRecord(deps, server, record);
      await recordPinnedIssuer(core.vault, server, auth, record.issuer, record.obtainedAt);
      return record;
    } catch (error) {
      if (attempt === 0 && identity.source === 'dynamic' && isInvalidClient(error)) {
        core.log(`[${server}] the authorization server no longer knows this app's registration; registering again`);
        await dropRegistration(core.vault, identity);
        continue;
      }
      throw error;
    }
  }
}

function authorizationParamsOf(auth: AnyOAuth): Record<string, string> | undefined {
  return 'authorizationParams' in auth ? auth.authorizationParams : undefined;
}

/** Writes a fresh record under the record's locks, and removes the server's records from other issuers. */
async function storeRecord(deps: ConnectOAuthOptions, server: string, record: TokenRecord): Promise<void> {
  const key = tokensKey(server, record.issuer);
  await deps.tokens.withRecordLock(key, () => deps.core.vault.set(key, JSON.stringify(record)));
  for (const other of await listTokens(deps.core.vault, server)) {
    if (other.key.kind !== key.kind && other.record.serverUrl === record.serverUrl) {
      await deps.core.vault.compareAndDelete(other.key, other.raw);
    }
  }
}
