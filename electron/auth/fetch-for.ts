import { CodedError } from '../../shared/errors';
import { vaultKey } from '../../shared/vault';
import type { AnyOAuth, ApiKeyAuth, AuthTarget } from './auth-config';
import { authRequired } from './auth-errors';
import type { CoreContext } from './core-context';
import { sendableInHeader, type FetchLike, type Reach } from '../net';
import type { TokenRecord } from './token-record';
import type { TokenManager } from './token-manager';
import { parseBearerChallenge, type BearerChallenge } from './www-authenticate';
import { apiKeyOf, isStoreError, storeOfReference } from './api-key-secret';

export interface FetchForOptions {
  core: CoreContext;
  tokens: TokenManager;
  /** Client credentials need no person: tokens are obtained here when there are none. */
  obtainClientCredentials: (server: string, target: AuthTarget, auth: AnyOAuth) => Promise<TokenRecord>;
  /** `reach`: the class of the addresses that answered (CoreContext.answerReach). */
  noteChallenge: (server: string, challenge: BearerChallenge, reach: Reach | undefined) => void;
  stepUp: (server: string, serverUrl: string, needed: string[]) => Promise<Error>;
}

function urlOf(input: string | URL): URL {
  return new URL(typeof input === 'string' ? input : input.href);
}

/** A request that can be sent twice (after a refresh): no stream body. */
function replayable(init: RequestInit | undefined): boolean {
  const body = init?.body;
  return body === undefined || body === null || typeof body === 'string' || body instanceof URLSearchParams || body instanceof Uint8Array || body instanceof ArrayBuffer;
}

/** fetch's own refusal quotes the value, a secret here: it never goes on (checked before, in any case). */
function withHeader(init: RequestInit | undefined, name: string, value: string): RequestInit {
  const headers = new Headers(init?.headers);
  try {
    headers.set(name, value);
  } catch {
    throw new CodedError('invalid_config', `The "${name}" header could not be set: its value cannot be sent in a header.`);
  }
  return { ...init, headers };
}

async function drain(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** The pool seam for OAuth servers (see AuthCoordinator.fetchFor). */
export function oauthFetch(deps: FetchForOptions, server: string, target: AuthTarget, auth: AnyOAuth): FetchLike {
  const { core, tokens } = deps;
  const origin = new URL(target.url).origin;
  const fail = (reason: string, data?: Record<string, unknown>): Error => {
    const error = authRequired(server, reason, data);
    core.markNeedsAuth(server, error);
    return error;
  };
  const challengeOf = (response: Response): BearerChallenge | undefined => {
    const challenge = parseBearerChallenge(response.headers.get('www-authenticate'));
    if (challenge) deps.noteChallenge(server, challenge, core.answerReach(response));
    return challenge;
  };
  const send = (input: string | URL, init: RequestInit | undefined, record: TokenRecord): Promise<Response> => {
    if (!sendableInHeader(record.accessToken)) throw fail('the access token it was issued holds a line break or a character a header cannot carry; sign in again');
    return core.serverFetch(input, withHeader(init, 'authorization', `Bearer ${record.accessToken}`));
  };

  return async (input, init) => {
    // Tokens go only to the origin of the server they were obtained for.
    if (urlOf(input).origin !== origin) return core.fetch(input, init);
    let record = await tokens.current(server, target.url, auth);
    if (!record && auth.type === 'client_credentials') record = await tokens.obtainOnce(server, target.url, () => deps.obtainClientCredentials(server, target, auth));
    if (!record) {
      const response = await core.serverFetch(input, init);
      if (response.status !== 401) return response;
      challengeOf(response);
      await drain(response);
      throw fail('it is not connected yet', { status: 401 });
    }
    let response = await send(input, init, record);
    if (response.status === 401) {
      challengeOf(response);
      await drain(response);
      if (!replayable(init)) throw fail('the server refused its access token', { status: 401 });
      // Refresh once (or pick up another caller's refresh), then retry once; never more.
      const fresh = await tokens.current(server, target.url, auth, record.accessToken);
      if (!fresh || fresh.accessToken === record.accessToken) throw fail('the server refused its access token', { status: 401 });
      record = fresh;
      response = await send(input, init, record);
      if (response.status === 401) {
        await drain(response);
        throw fail('the server refused a freshly renewed access token', { status: 401 });
      }
    }
    if (response.status === 403) {
      const challenge = challengeOf(response);
      await drain(response);
      if (challenge?.error === 'insufficient_scope') throw await deps.stepUp(server, target.url, challenge.scope ?? []);
      throw fail('the server refused access (HTTP 403)', { status: 403 });
    }
    return response;
  };
}

/** Where a person puts the key: the named secret, or the server's own vault entry. */
export function apiKeyHint(server: string, auth: ApiKeyAuth): string {
  const inStore = auth.key === undefined ? undefined : storeOfReference(auth.key);
  if (inStore !== undefined) return `add the key to the secret store "${inStore.store}" as "${inStore.path}"`;
  const name = auth.key === undefined ? undefined : /\$\{secret:([^}]+)\}/.exec(auth.key)?.[1];
  return name !== undefined
    ? `store the key with \`connected-services secrets set ${name}\``
    : `store the key in the vault as "${server}/apiKey" (or set "key": "\${secret:NAME}" in the "auth" of "${server}")`;
}

/** Static API keys: `auth.key` (a `${secret:…}` reference) or the vault entry `<server>/apiKey`. */
export function apiKeyFetch(core: CoreContext, server: string, target: AuthTarget, auth: ApiKeyAuth): FetchLike {
  const origin = new URL(target.url).origin;
  const header = auth.header ?? 'Authorization';
  const scheme = auth.scheme ?? (header.toLowerCase() === 'authorization' ? 'Bearer' : '');
  return async (input, init) => {
    if (urlOf(input).origin !== origin) return core.fetch(input, init);
    let key: string | undefined;
    try {
      key = auth.key !== undefined ? await apiKeyOf(core, server, auth.key) : await core.vault.get(vaultKey(server, 'apiKey'));
    } catch (error) {
      // A locked store: the server waits in needs_auth with the store's own words.
      if (isStoreError(error)) core.markNeedsAuth(server, error);
      throw error;
    }
    if (key === undefined || key === '') {
      const error = authRequired(server, 'no API key is stored');
      core.markNeedsAuth(server, error);
      throw new CodedError(error.code, error.message, { hint: apiKeyHint(server, auth), ...(error.data ? { data: error.data } : {}) });
    }
    if (!sendableInHeader(key)) {
      const error = new CodedError('invalid_config', `The API key of "${server}" cannot be sent in the "${header}" header: it holds a line break or a character outside Latin-1.`, {
        hint: `a key is one line of text: ${apiKeyHint(server, auth)} again`,
      });
      core.markNeedsAuth(server, error);
      throw error;
    }
    const response = await core.serverFetch(input, withHeader(init, header, scheme === '' ? key : `${scheme} ${key}`));
    if (response.status === 401 || response.status === 403) {
      await drain(response);
      const error = authRequired(server, `the server refused its API key (HTTP ${response.status})`, { status: response.status });
      core.markNeedsAuth(server, error);
      throw new CodedError(error.code, error.message, { hint: apiKeyHint(server, auth), ...(error.data ? { data: error.data } : {}) });
    }
    return response;
  };
}
