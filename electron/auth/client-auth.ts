import type * as oidc from 'openid-client';
import { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';

/**
 * RFC 6749 Appendix B (application/x-www-form-urlencoded): UTF-8, then every octet outside the RFC 3986
 * §2.3 unreserved set (ALPHA DIGIT - . _ ~) percent-encoded, space as `+`. openid-client also encodes
 * `- . _ ~`, which servers that compare the Basic credentials without decoding refuse.
 */
export function formEncode(value: string): string {
  // encodeURIComponent leaves unreserved and ! ' ( ) * unchanged, and writes space as %20.
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** RFC 6749 §2.3.1: `Basic base64(form(client_id) ":" form(secret))`. */
export function basicCredentials(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`, 'utf8').toString('base64')}`;
}

/** client_secret_basic for openid-client, encoded as RFC 6749 §2.3.1 requires. */
export function clientSecretBasic(secret: string | undefined): oidc.ClientAuth {
  return (_as, client, _body, headers) => {
    if (secret === undefined) {
      throw new CodedError('invalid_config', `The client ${client.client_id} uses client_secret_basic but has no client secret.`, {
        hint: 'Set "clientSecret" in the "auth" of the server, or "tokenEndpointAuthMethod": "none" for a public client.',
      });
    }
    headers.set('authorization', basicCredentials(client.client_id, secret));
  };
}

async function isInvalidClientAnswer(response: Response): Promise<boolean> {
  if (response.status !== 400 && response.status !== 401) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['error'] === 'invalid_client';
}

/**
 * For a client_secret_post we chose (the entry named no method): a server that answers invalid_client
 * may know the client only with client_secret_basic (Okta, oidc-provider and others enforce the
 * registered method), so the same request is sent once more with Basic credentials, and `onBasic` told.
 */
export function postThenBasic(fetch: FetchLike, clientId: string, secret: string, onBasic: () => void): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    const body = init?.body;
    if (!(body instanceof URLSearchParams) || body.get('client_secret') === null) return response;
    if (!(await isInvalidClientAnswer(response))) return response;
    await response.body?.cancel().catch(() => undefined);
    const params = new URLSearchParams(body);
    params.delete('client_secret');
    params.delete('client_id');
    const headers = new Headers(init?.headers);
    headers.set('authorization', basicCredentials(clientId, secret));
    const retried = await fetch(url, { ...init, headers, body: params });
    if (retried.ok) onBasic();
    return retried;
  };
}
