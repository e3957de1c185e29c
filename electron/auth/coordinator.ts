import { CodedError, toCodedError } from '../../shared/errors';
import { redact, redactor as processRedactor } from '../../shared/redact';
import { resolveReferences, vaultKey } from '../../shared/vault';
import { KeyedQueue } from '../fs-safe';
import { secretLookup } from '../vault';
import { parseAuthConfig, parseTargetAuth, type AnyOAuth, type AuthTarget, type FullAuthConfig } from './auth-config';
import { deliveredCredential } from './delivered-credential';
import { connectOAuth, type ConnectDeps } from './connect';
import type { CoreContext } from './core-context';
import { apiKeyFetch, apiKeyHint, oauthFetch } from './fetch-for';
import { createEndpointFetch } from './endpoint-fetch';
import { DEFAULT_AUTH_LOCK } from './file-lock';
import { forgetPinnedIssuer } from './issuer-pin';
import { defaultSleep } from './flows';
import type { FetchLike } from '../net';
import { createLoopbackListener } from './loopback-listener';
import { systemBrowserOpener } from './openers';
import { revokeRecord } from './revoke';
import { unionScopes } from './scopes';
import { stepUp } from './step-up';
import { TokenManager } from './token-manager';
import { listTokens, tokensFor, type AuthFlow, type TokenRecord } from './token-record';
import type { AuthCoordinator, AuthCoordinatorOptions, AuthStatus, AuthStatusChange, DisconnectResult, FlowEvent } from './types';
import type { BearerChallenge } from './www-authenticate';

function defaultFlow(auth: FullAuthConfig): AuthFlow {
  if (auth.type === 'device') return 'device';
  if (auth.type === 'client_credentials') return 'client_credentials';
  return 'browser';
}

export function createAuthCoordinator(options: AuthCoordinatorOptions): AuthCoordinator {
  const env = options.env ?? process.env;
  const log = (line: string): void => options.log?.(redact(line));
  const listeners = new Set<(event: FlowEvent) => void>();
  const challenges = new Map<string, BearerChallenge>();
  const needs = new Map<string, { error: CodedError; scopes?: string[] }>();
  const running = new Map<string, AbortController>();
  let closed = false;

  const report = (server: string, change: AuthStatusChange): void => {
    try {
      options.onStatus?.(server, change);
    } catch (error) {
      log(`[${server}] onStatus listener failed: ${String(error)}`);
    }
  };

  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const endpoints = createEndpointFetch({ fetch: baseFetch, resolver: options.resolver, policy: 'endpoint' });
  const servers = createEndpointFetch({ fetch: baseFetch, resolver: options.resolver, policy: 'server' });
  const core: CoreContext = {
    vault: options.vault,
    dataDir: options.dataDir,
    fetch: baseFetch,
    endpointFetch: endpoints.fetch,
    serverFetch: servers.fetch,
    now: options.now ?? Date.now,
    log,
    lock: { ...DEFAULT_AUTH_LOCK, ...options.lock },
    mutex: new KeyedQueue(),
    resolveSecret: (server, value) =>
      resolveReferences(value, { secret: secretLookup(options.vault, server), env, redactor: processRedactor }).catch((error: unknown) => {
        throw toCodedError(error);
      }),
    markNeedsAuth: (server, error, scopes) => {
      const previous = needs.get(server);
      const same = previous && previous.error.message === error.message && (previous.scopes ?? []).join(' ') === (scopes ?? []).join(' ');
      needs.set(server, { error, ...(scopes ? { scopes } : {}) });
      if (!same) report(server, { state: 'needs_auth', error: error.toWire(), ...(scopes ? { scopes } : {}) });
    },
    markConnected: (server) => {
      needs.delete(server);
      report(server, { state: 'connected' });
    },
    remember: (record) => {
      // Tokens are secrets: whatever string they show up in later is redacted.
      processRedactor.addSecret(record.accessToken);
      if (record.refreshToken !== undefined) processRedactor.addSecret(record.refreshToken);
    },
  };
  const tokens = new TokenManager(core);
  const remember = core.remember;
  const connectDeps: ConnectDeps = {
    core,
    tokens,
    opener: options.opener ?? systemBrowserOpener({ log }),
    redirectListener: options.redirectListener ?? createLoopbackListener,
    sleep: options.sleep ?? defaultSleep,
    clientName: options.clientName ?? 'Connected Services',
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5 * 60_000,
    challengeOf: (server) => challenges.get(server),
  };

  const emit = (event: FlowEvent, extra?: (event: FlowEvent) => void): void => {
    for (const listener of [...listeners, ...(extra ? [extra] : [])]) {
      try {
        listener(event);
      } catch (error) {
        log(`flow listener failed: ${String(error)}`);
      }
    }
  };

  const obtainClientCredentials = async (server: string, target: AuthTarget, auth: AnyOAuth): Promise<TokenRecord> => {
    const record = await connectOAuth(connectDeps, { server, target, auth, flow: 'client_credentials', emit: (event) => emit(event) });
    remember(record);
    core.markConnected(server);
    return record;
  };

  async function statusOf(server: string, config: AuthTarget | undefined): Promise<AuthStatus> {
    let type = 'oauth';
    if (config) {
      try {
        type = parseTargetAuth(server, config).type;
      } catch {
        type = 'invalid';
      }
    }
    const stored = config ? await tokensFor(core.vault, server, config.url) : (await listTokens(core.vault, server))[0];
    const pending = needs.get(server);
    const record = stored?.record;
    const status: AuthStatus = {
      server,
      type,
      connected: record !== undefined && (record.expiresAt > core.now() || record.refreshToken !== undefined || record.flow === 'client_credentials'),
      needsAuth: pending !== undefined || record?.stepUpScopes !== undefined,
      scopes: record?.scopes ?? [],
      refreshable: record?.refreshToken !== undefined || record?.flow === 'client_credentials',
    };
    if (record) {
      status.expiresAt = record.expiresAt;
      status.issuer = record.issuer;
      status.flow = record.flow;
    }
    const pendingScopes = pending?.scopes ?? (record?.stepUpScopes ? unionScopes(record.requestedScopes, record.stepUpScopes) : undefined);
    if (pendingScopes) status.pendingScopes = pendingScopes;
    if (record?.stepUpScopes) status.stepUpScopes = record.stepUpScopes;
    if (pending) status.reason = pending.error.message;
    if (type === 'api_key') {
      const auth = config ? parseTargetAuth(server, config) : parseAuthConfig(server, undefined);
      const key =
        auth.type === 'api_key' && auth.key !== undefined
          ? await core.resolveSecret(server, auth.key).catch(() => undefined)
          : await core.vault.get(vaultKey(server, 'apiKey'));
      status.connected = key !== undefined && key !== '' && pending === undefined;
    }
    return status;
  }

  return {
    async connect(server, config, connectOptions = {}) {
      if (closed) throw new CodedError('internal', 'The auth coordinator is closed.');
      const auth = parseTargetAuth(server, config);
      if (auth.type === 'none') {
        throw new CodedError('invalid_input', `"${server}" is configured without authorization ("auth": {"type": "none"}).`);
      }
      if (auth.type === 'api_key') {
        // A new key may have been stored since the server refused the old one.
        needs.delete(server);
        const status = await statusOf(server, config);
        if (!status.connected) {
          throw new CodedError('auth_required', `"${server}" has no API key stored.`, { hint: apiKeyHint(server, auth), data: { server } });
        }
        core.markConnected(server);
        return status;
      }
      const flow = connectOptions.flow ?? defaultFlow(auth);
      if (auth.type === 'client_credentials' && flow !== 'client_credentials') {
        throw new CodedError('invalid_input', `"${server}" uses client credentials; it has no ${flow} sign-in.`);
      }
      if (flow === 'client_credentials' && auth.type !== 'client_credentials') {
        throw new CodedError('invalid_config', `Client credentials for "${server}" need "auth": {"type": "client_credentials", "clientId", "clientSecret"}.`);
      }
      if (running.has(server)) {
        throw new CodedError('denied', `A sign-in to "${server}" is already running.`, { hint: 'Finish or cancel it first.' });
      }
      const controller = new AbortController();
      const signal = connectOptions.signal ? AbortSignal.any([connectOptions.signal, controller.signal]) : controller.signal;
      running.set(server, controller);
      const sink = (event: FlowEvent): void => emit(event, connectOptions.onEvent);
      try {
        const record = await connectOAuth(connectDeps, { server, target: config, auth, flow, signal, opener: connectOptions.opener, emit: sink });
        remember(record);
        challenges.delete(server);
        core.markConnected(server);
        sink({ type: 'connected', server, scopes: record.scopes, expiresAt: record.expiresAt });
        return await statusOf(server, config);
      } catch (error) {
        const coded = toCodedError(error);
        sink({ type: 'failed', server, error: coded.toWire() });
        throw coded;
      } finally {
        running.delete(server);
      }
    },

    fetchFor(server, config): FetchLike | undefined {
      let auth: FullAuthConfig;
      try {
        auth = parseAuthConfig(server, config.auth);
      } catch (error) {
        return () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (auth.type === 'none') return undefined;
      if (auth.type === 'api_key') return apiKeyFetch(core, server, config, auth);
      return oauthFetch(
        {
          core,
          tokens,
          obtainClientCredentials,
          noteChallenge: (name, challenge) => challenges.set(name, challenge),
          stepUp: (name, url, needed) => stepUp(core, tokens, name, url, needed),
        },
        server,
        config,
        auth,
      );
    },

    credential: (server, config, credentialOptions) => deliveredCredential({ core, tokens, obtainClientCredentials }, server, config, credentialOptions),

    async disconnect(server, disconnectOptions = {}): Promise<DisconnectResult> {
      running.get(server)?.abort();
      const result: DisconnectResult = { removed: 0, revoked: false };
      const notRevoked: { issuer: string; reason: string }[] = [];
      let revoked = 0;
      for (const stored of await listTokens(core.vault, server)) {
        if (disconnectOptions.revoke) {
          const outcome = await revokeRecord(core, server, stored.record, disconnectOptions.config);
          if (outcome === true) revoked++;
          else notRevoked.push({ issuer: stored.record.issuer, reason: outcome === false ? 'its authorization server offers no revocation endpoint' : outcome.message.replace(/\.$/, '') });
        }
        if (await core.vault.delete(stored.key)) result.removed++;
      }
      // Revoked means every grant removed here is over at its issuer, nothing less.
      result.revoked = revoked > 0 && notRevoked.length === 0;
      if (notRevoked.length > 0) result.notRevoked = notRevoked;
      needs.delete(server);
      challenges.delete(server);
      report(server, { state: 'disconnected' });
      return result;
    },

    forgetIssuer: (server) => forgetPinnedIssuer(core.vault, server),

    status: (server, config) => statusOf(server, config),

    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      closed = true;
      for (const controller of running.values()) controller.abort();
      running.clear();
      listeners.clear();
      await Promise.all([endpoints.close(), servers.close()]);
    },
  };
}

