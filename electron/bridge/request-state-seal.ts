import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * What a sealed `requestState` binds (MCP 2026-07-28 basic/patterns/mrtr §Server Requirements 4–5:
 * the principal, a short expiry, the originating request by method and a digest of its parameters),
 * plus a one-time id the bridge consumes on the retry (the spec's "at most once" is the server's to enforce).
 */
export interface StateClaims {
  /** The round's one-time id (input-rounds.ts). */
  id: string;
  method: string;
  /** The tool's name as the agent called it. */
  name: string;
  /** argumentsDigest() of the call's arguments. */
  digest: string;
  /** Expiry, ms since epoch. */
  exp: number;
}

const VERSION = 'cs1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A state larger than this was not made here: refused before any decoding. */
export const MAX_STATE_CHARS = 2048;

function isClaims(value: unknown): value is StateClaims {
  const v = value as Partial<StateClaims> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.method === 'string' && typeof v.name === 'string' && typeof v.digest === 'string' && typeof v.exp === 'number';
}

/** Plain objects' keys sorted, so the same arguments give the same digest whatever their order on the wire. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** sha256 of the arguments' canonical JSON, base64url: what binds a state to the call it was made for. */
export function argumentsDigest(args: unknown): string {
  return createHash('sha256').update(JSON.stringify(args ?? {}, sortedKeys)).digest('base64url');
}

/**
 * Seals and opens the bridge's `requestState` with AES-256-GCM under a key made at random for this
 * process (node:crypto): the agent cannot read it, and any change fails GCM's tag check (which
 * OpenSSL compares in constant time). The agent's name is the additional authenticated data, so a
 * state made for one agent does not open for another. A restart forgets the key, and with it every
 * state given out, as it forgets the upstream calls the states stand for.
 */
export class RequestStateSeal {
  readonly #key: Buffer;

  constructor(
    private readonly now: () => number = Date.now,
    key: Buffer = randomBytes(32),
  ) {
    if (key.length !== 32) throw new RangeError('the requestState key must be 32 bytes');
    this.#key = key;
  }

  seal(agent: string, claims: StateClaims): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(`requestState:${agent}`, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The claims of a state made here for this agent and not yet expired; otherwise why not (for the log only). */
  open(agent: string, state: string): { claims: StateClaims } | { refused: string } {
    if (state.length > MAX_STATE_CHARS || !state.startsWith(VERSION)) return { refused: 'not a state of this bridge' };
    const raw = Buffer.from(state.slice(VERSION.length), 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return { refused: 'malformed' };
    let text: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`requestState:${agent}`, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return { refused: 'failed authentication (changed, or made for another agent or process)' };
    }
    let claims: unknown;
    try {
      claims = JSON.parse(text);
    } catch {
      return { refused: 'malformed' };
    }
    if (!isClaims(claims)) return { refused: 'malformed' };
    if (claims.exp <= this.now()) return { refused: 'expired' };
    return { claims };
  }
}
