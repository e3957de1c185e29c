import type * as oidc from 'openid-client';
import { CodedError } from '../../shared/errors';
import { formatVaultKey, type VaultKey } from '../../shared/vault';
import type { AnyOAuth } from './auth-config';
import { authRequired, clientRefused, flowError, oauthErrorOf, refusedAuth } from './auth-errors';
import { DURING } from './flow-steps';
import { vaultSecretName } from './client-secret-name';
import { secretFitsRecord, secretForAnotherServer } from './configured-secret';
import { findRegistration } from './client-identity';
import type { CoreContext } from './core-context';
import { lockPathFor, withAuthLock } from './file-lock';
import { guardedFetch } from './http';
import { heldByOperation, holdForOperation } from '../net';
import { oauthConfiguration, type ClientCredentialsLike } from './oauth-client';
import { loadOidc } from './oidc-module';
import { recordingFetch, rotatedRefreshToken } from './rotated-refresh-token';
import { isBearer, unsupportedTokenType } from './token-type';
import { applyTokenResponse, hasNoLifetime, readTokens, refreshMargin, tokensFor, type StoredTokens, type TokenRecord } from './token-record';

/** Errors of a refresh that mean the grant (or the client) is gone, not a passing fault (RFC 6749 §5.2). */
const FATAL_REFRESH_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

/**
 * Keeps access tokens valid: refreshes shortly before expiry or after a 401, at most once at a time per
 * token record, inside this process (a keyed mutex) and across processes (a file lock). After taking each
 * lock the vault is read again: whoever refreshed first is used by everyone else.
 */
export class TokenManager {
  readonly #widened = new Set<string>();
  /** Access token → when its early renewal may be tried again, after one failed while it still served. */
  readonly #earlyPause = new Map<string, number>();

  constructor(private readonly core: CoreContext) {}

  /**
   * Whether the record must be renewed before use. Another token than the refused one (someone renewed
   * meanwhile) is judged as any other: one of no lifetime fetched for another start is due here too.
   */
  #due(record: TokenRecord, failed: string | undefined): boolean {
    if (failed !== undefined && record.accessToken === failed) return true;
    if (heldByOperation(record.accessToken)) return false;
    // Due whatever the clock says now: a clock set back must not make another start's token valid.
    if (hasNoLifetime(record)) return true;
    const now = this.core.now();
    const paused = this.#earlyPause.get(record.accessToken);
    if (paused !== undefined && now < Math.min(paused, record.expiresAt)) return false;
    return record.expiresAt - refreshMargin(record) <= now;
  }

  /**
   * An early renewal failed while the token still serves: every use would try again, each spending a
   * refresh token and writing a log line. The next try waits a quarter of the time left (at least 1 s).
   */
  #pauseEarlyRenewal(record: TokenRecord, now: number): void {
    for (const [token, until] of this.#earlyPause) if (until <= now) this.#earlyPause.delete(token);
    this.#earlyPause.set(record.accessToken, now + Math.max(1_000, (record.expiresAt - now) / 4));
  }

  /**
   * A token issued with no lifetime (RFC 6749 §5.1 `expires_in: 0`) serves the rest of the operation
   * it was fetched in (a server's start: its handshake and first listing), never later
   * (electron/net/request-operation.ts). A returned one is that operation's own: fresh, or held already.
   */
  #handOut(server: string, record: TokenRecord): TokenRecord {
    // Stored before such tokens were refused at sign-in: never sent as Bearer.
    if (!isBearer(record.tokenType)) throw this.#unsupported(server, record.tokenType);
    if (hasNoLifetime(record)) holdForOperation(record.accessToken);
    return record;
  }

  /**
   * The server's valid token record, refreshed if due; undefined if it has none. `failed` is an access
   * token the server just refused: a record still holding it is refreshed.
   * @throws CodedError auth_required when the tokens cannot be renewed
   */
  async current(server: string, serverUrl: string, auth: AnyOAuth, failed?: string): Promise<TokenRecord | undefined> {
    const record = await this.#current(server, serverUrl, auth, failed);
    if (record) this.core.remember(server, this.#handOut(server, record));
    return record;
  }

  /**
   * Scopes an answer named beyond its bound, which are not recorded (token-record.ts). Once per server:
   * every grant or refresh of the same entry would say it again.
   */
  noteWider(server: string, extra: string[], by: 'grant' | 'renewal' | 'refresh'): void {
    if (this.#widened.has(server)) return;
    this.#widened.add(server);
    const shown = extra.slice(0, 10).join(' ').slice(0, 200).replace(/[^\x20-\x7e]/g, '?');
    this.core.log(
      by === 'refresh'
        ? `[${server}] a refresh answered a wider scope than was granted (${shown}); only the scopes granted are recorded (RFC 6749 §6)`
        : `[${server}] a client credentials ${by} answered a wider scope than was asked for (${shown}); only the scopes asked for are recorded (RFC 6749 §3.3)`,
    );
  }

  #unsupported(server: string, tokenType: string): CodedError {
    const error = unsupportedTokenType(server, tokenType);
    this.core.markNeedsAuth(server, error);
    return error;
  }

  async #current(server: string, serverUrl: string, auth: AnyOAuth, failed: string | undefined): Promise<TokenRecord | undefined> {
    const stored = await tokensFor(this.core.vault, server, serverUrl);
    if (!stored) return undefined;
    if (!this.#due(stored.record, failed)) return stored.record;
    const name = formatVaultKey(stored.key);
    return this.core.mutex.run(name, async () => {
      const again = await this.#reread(server, stored.key);
      if (!this.#due(again.record, failed)) return again.record;
      return withAuthLock(lockPathFor(this.core.dataDir, name), this.core.lock, async (assertHeld) => {
        const locked = await this.#reread(server, stored.key);
        if (!this.#due(locked.record, failed)) return locked.record;
        return this.#renew(server, auth, locked, failed, assertHeld);
      });
    });
  }

  /** Runs `fn` holding both locks of a token record (for writes outside a refresh: connect, step-up). */
  withRecordLock<T>(key: VaultKey, fn: () => Promise<T>): Promise<T> {
    const name = formatVaultKey(key);
    return this.core.mutex.run(name, () => withAuthLock(lockPathFor(this.core.dataDir, name), this.core.lock, () => fn()));
  }

  async #reread(server: string, key: VaultKey): Promise<StoredTokens> {
    const stored = await readTokens(this.core.vault, key);
    if (!stored) throw authRequired(server, 'its tokens were removed');
    return stored;
  }

  async #clientFor(server: string, record: TokenRecord, auth: AnyOAuth): Promise<ClientCredentialsLike> {
    if (record.clientSource === 'preregistered') {
      if (record.authMethod !== 'none' && secretForAnotherServer(auth, record)) {
        throw authRequired(server, `its entry now names another authorization server than ${record.issuer}, which issued its tokens; its client secret is not sent there`);
      }
      const secret = secretFitsRecord(auth, record) && auth.clientSecret !== undefined ? await this.core.resolveSecret(server, auth.clientSecret) : undefined;
      return { clientId: record.clientId, authMethod: record.authMethod, secret };
    }
    if (record.clientSource === 'dynamic' && record.authMethod !== 'none') {
      const found = await findRegistration(this.core.vault, record.issuer, record.clientId);
      if (!found) throw authRequired(server, 'its client registration is gone');
      return { clientId: record.clientId, authMethod: record.authMethod, secret: found.registration.clientSecret };
    }
    return { clientId: record.clientId, authMethod: 'none' };
  }

  async #renew(server: string, auth: AnyOAuth, stored: StoredTokens, failed: string | undefined, assertHeld: () => void): Promise<TokenRecord> {
    const { record } = stored;
    const now = this.core.now();
    const stillValid = failed === undefined && record.expiresAt > now;
    if (record.flow !== 'client_credentials' && record.refreshToken === undefined) {
      if (stillValid) return record;
      const error = authRequired(server, failed ? 'the server refused its access token and no refresh token was issued' : 'its access token expired and no refresh token was issued');
      if (await this.core.vault.compareAndDelete(stored.key, stored.raw)) this.core.markNeedsAuth(server, error);
      throw error;
    }
    const client = await this.#clientFor(server, record, auth);
    const reach = await this.core.reachOf(record.serverUrl);
    const answers = recordingFetch(guardedFetch(this.core.endpointFetch, undefined, reach));
    const config = await oauthConfiguration({ issuer: record.issuer, token_endpoint: record.tokenEndpoint }, client, answers.fetch);
    const { clientCredentialsGrant, refreshTokenGrant } = await loadOidc();
    // Tokens of a stdio server were obtained for no resource (see flows.ts).
    const params: Record<string, string> = record.resource === '' ? {} : { resource: record.resource };
    let response: oidc.TokenEndpointResponse;
    // A refresh token may be single-use: never spend it without holding the record's lock.
    assertHeld();
    try {
      if (record.flow === 'client_credentials') {
        if (record.requestedScopes.length > 0) params['scope'] = record.requestedScopes.join(' ');
        response = await clientCredentialsGrant(config, params);
      } else {
        response = await refreshTokenGrant(config, record.refreshToken ?? '', params);
      }
    } catch (error) {
      const kept = await this.#keepRefreshToken(server, stored, rotatedRefreshToken(error) ?? (await answers.refreshToken()));
      const info = oauthErrorOf(error);
      const code = info.error;
      if (code !== undefined && FATAL_REFRESH_ERRORS.has(code)) {
        // Only the tokens that failed are deleted; a newer record (another sign-in) stays.
        const reason = `the authorization server no longer accepts its ${record.flow === 'client_credentials' ? 'client credentials' : 'refresh token'} (${code})`;
        const refused = refusedAuth(server, reason, info, reach.reach, { oauthError: code });
        // Client credentials have no sign-in to repeat: the same ID and secret would be refused again.
        const coded = record.flow === 'client_credentials' ? clientRefused(server, refused, vaultSecretName(auth)) : refused;
        if (!(await this.core.vault.compareAndDelete(stored.key, stored.raw))) {
          // Someone stored other tokens meanwhile (a new sign-in): those are used, nothing is deleted.
          const latest = await readTokens(this.core.vault, stored.key);
          if (latest && !this.#due(latest.record, failed)) return latest.record;
          throw coded;
        }
        this.core.markNeedsAuth(server, coded);
        if (code === 'invalid_client' && record.clientSource === 'dynamic') {
          const found = await findRegistration(this.core.vault, record.issuer, record.clientId);
          if (found) await this.core.vault.compareAndDelete(found.key, found.raw);
        }
        throw coded;
      }
      if (stillValid) {
        this.core.log(`[${server}] token refresh failed, the current token is still valid: ${flowError(server, error, DURING.refresh, reach.reach).message}`);
        this.#pauseEarlyRenewal(record, now);
        return kept ?? record;
      }
      const coded = flowError(server, error, DURING.refresh, reach.reach);
      if (kept !== undefined) {
        throw new CodedError(coded.code, `${coded.message} Its new refresh token was kept for the next try; its access token was not used.`, {
          ...(coded.hint === undefined ? {} : { hint: coded.hint }),
          data: { ...coded.data, server },
        });
      }
      throw coded.code === 'auth_required' ? coded : new CodedError('server_unavailable', coded.message, { hint: 'Try again in a moment.', data: { server } });
    }
    if (!isBearer(response.token_type)) {
      // Its refresh token still replaces the spent one: the service may issue Bearer tokens again later.
      const kept = await this.#keepRefreshToken(server, stored, response.refresh_token);
      if (stillValid) {
        // Renewed early: the current token still serves, so calls go on until it expires; the refusal comes then.
        const unsupported = unsupportedTokenType(server, response.token_type ?? '');
        this.core.log(`[${server}] its tokens could not be renewed, the current token is used until it expires: ${unsupported.message}`);
        this.#pauseEarlyRenewal(record, now);
        return kept ?? record;
      }
      throw this.#unsupported(server, response.token_type ?? '');
    }
    // A refresh has only the scopes of its grant (RFC 6749 §6). A client credentials renewal is a grant of
    // its own (§4.4) for the scopes it asked for, which the server may narrow (§3.3); a wider answer
    // is not what the entry asked for and is not recorded (nor, with nothing asked, beyond the first grant).
    const renewal = record.flow === 'client_credentials';
    const bound = { onWider: (extra: string[]) => this.noteWider(server, extra, renewal ? 'renewal' : 'refresh'), ...(renewal ? { within: record.requestedScopes } : {}) };
    const next = applyTokenResponse(record, response, now, bound);
    // The rotated refresh token is durable (compareAndSet resolves after the write) before the new access
    // token is handed to anyone; a single-use refresh token is never lost to a crash after this point.
    const raw = JSON.stringify(next);
    try {
      assertHeld();
    } catch {
      // The old refresh token is spent, so dropping this response would lose the grant; compareAndSet
      // still stores it only if nobody else replaced the record meanwhile.
      this.core.log(`[${server}] the lock on its token record was lost during a refresh; keeping the new tokens only if no other process stored newer ones`);
    }
    if (await this.core.vault.compareAndSet(stored.key, stored.raw, raw)) return next;
    // Another process stored its own meanwhile: used while valid, but never one of no lifetime fetched for its start.
    const latest = await this.#reread(server, stored.key);
    return this.#due(latest.record, failed) ? next : latest.record;
  }

  /**
   * Stores the refresh token of a response refused as invalid in place of the spent one (only that:
   * the rest of the answer is not trusted), so the next refresh can use it.
   */
  async #keepRefreshToken(server: string, stored: StoredTokens, refreshToken: string | undefined): Promise<TokenRecord | undefined> {
    if (refreshToken === undefined || refreshToken === stored.record.refreshToken) return undefined;
    const kept: TokenRecord = { ...stored.record, refreshToken };
    this.core.remember(server, kept);
    if (await this.core.vault.compareAndSet(stored.key, stored.raw, JSON.stringify(kept))) return kept;
    this.core.log(`[${server}] the refresh token of an invalid token response was not kept: other tokens were stored meanwhile`);
    return undefined;
  }

  /** Client credentials need no person: without a record, one is obtained here, once for all callers. */
  async obtainOnce(server: string, serverUrl: string, obtain: () => Promise<TokenRecord>): Promise<TokenRecord> {
    const name = `obtain:${server}`;
    const record = await this.core.mutex.run(name, () =>
      withAuthLock(lockPathFor(this.core.dataDir, name), this.core.lock, async (assertHeld) => {
        const existing = await tokensFor(this.core.vault, server, serverUrl);
        if (existing && !this.#due(existing.record, undefined)) return existing.record;
        assertHeld();
        return obtain();
      }),
    );
    return this.#handOut(server, record);
  }
}
