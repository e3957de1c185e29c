import { hashToken, type TokenDigest } from './token';

/** The last token each connection presented, with its digest. */
const seen = new WeakMap<object, { token: string; digest: TokenDigest }>();

/**
 * The token's digest, made once per kept-alive connection while it presents the same token (an agent
 * sends the same one on every request): a sha256 and its bytes per request were about 3% of the
 * bridge's busy time in a session profile. The agent is still looked up by the digest on every
 * request, so a removed or rotated token is refused at once. The comparison is with the token this
 * same connection sent before, so its timing tells the connection nothing it did not send itself.
 */
export function socketDigest(socket: object, token: string): TokenDigest {
  const last = seen.get(socket);
  if (last !== undefined && last.token === token) return last.digest;
  const digest = hashToken(token);
  seen.set(socket, { token, digest });
  return digest;
}
