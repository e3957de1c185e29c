import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'cs_agent_';
/** Longer than any token we issue; longer input is refused before hashing. */
const MAX_TOKEN_LENGTH = 256;

/** 32 random bytes (256 bits), base64url, behind a recognizable prefix (secret scanners, redaction). */
export function newAgentToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * sha256 is enough for a 256-bit random secret: nothing to brute-force, so no slow KDF needed. The
 * one-shot `hash` (no Hash object per request) costs a third of createHash's on every bridge request.
 */
export function hashToken(token: string): Buffer {
  return hash('sha256', token, 'buffer');
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
