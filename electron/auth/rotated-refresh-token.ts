import type { FetchLike } from '../net';

/**
 * The refresh token of a token response openid-client refused (a missing `token_type`, a `scope` that is
 * not a string, an `expires_in` that is not a number): the server issued it, so with rotation the one
 * sent is spent already (RFC 9700 §4.14.2), and dropping this one would lose the grant. oauth4webapi puts
 * the parsed body in the cause of its error, which openid-client wraps (ClientError → OperationProcessingError
 * or UnsupportedOperationError → `{ body }`).
 */
export function rotatedRefreshToken(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    // An error answer (RFC 6749 §5.2, ResponseBodyError) issued nothing.
    if (depth === 0 && 'status' in current) return undefined;
    if ('body' in current) {
      const body: unknown = current.body;
      if (typeof body !== 'object' || body === null || !('refresh_token' in body)) return undefined;
      const token: unknown = body.refresh_token;
      return typeof token === 'string' && token !== '' ? token : undefined;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** The refresh token a successful token answer carried, read beside openid-client (see recordingFetch). */
export interface AnswerRecorder {
  fetch: FetchLike;
  /** The `refresh_token` of the last 200 answer, once its body is read; undefined without one. */
  refreshToken(): Promise<string | undefined>;
}

/**
 * A fetch that reads a copy of every 200 answer: an ID Token openid-client refuses (its `aud`, `nonce`
 * or signature) throws an error holding the claims, not the body, yet the answer's refresh token was
 * issued and the one sent is spent (RFC 9700 §4.14.2). The copy shares the original's size bound and
 * deadline.
 */
export function recordingFetch(base: FetchLike): AnswerRecorder {
  let last: Promise<unknown> = Promise.resolve(undefined);
  return {
    fetch: async (input, init) => {
      const response = await base(input, init);
      if (response.status === 200) {
        last = response
          .clone()
          .json()
          .catch(() => undefined);
      }
      return response;
    },
    async refreshToken() {
      const body = await last;
      if (typeof body !== 'object' || body === null || !('refresh_token' in body)) return undefined;
      const token: unknown = body.refresh_token;
      return typeof token === 'string' && token !== '' ? token : undefined;
    },
  };
}
