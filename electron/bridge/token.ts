import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'cs_agent_';
/** Longer than any token we issue; longer input is refused before hashing. */
const MAX_TOKEN_LENGTH = 256;

/** 32 random bytes (256 bits), base64url, behind a recognizable prefix (secret scanners, redaction). */
export function newAgentToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A token's sha256 digest: hex to look it up by, bytes to compare in constant time. */
export interface TokenDigest {
  readonly hex: string;
  readonly bytes: Buffer;
}

/**
 * sha256 is enough for a 256-bit random secret: nothing to brute-force, so no slow KDF needed. On
 * every bridge request: the one-shot `hash` (no Hash object) to hex, then its bytes, cost half of
 * `hash(…, 'buffer')` and the hex string the lookup needs from it (Node 20).
 */
export function hashToken(token: string): TokenDigest {
  const hex = hash('sha256', token, 'hex');
  return { hex, bytes: Buffer.from(hex, 'hex') };
}

export function tokenHint(token: string): string {
  return `${token.slice(0, TOKEN_PREFIX.length + 4)}…`;
}

export function plausibleToken(token: string): boolean {
  return token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

/** Constant-time equality of two sha256 digests. */
export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
