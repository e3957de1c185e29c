import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * vault.enc, version 1:
 *   magic "CSVAULT\0" (8) | version u8 | header length u32be | header JSON | SHA-256 of the bytes before it (32)
 *   | nonce (12) | AES-256-GCM ciphertext | tag (16)
 * Everything before the nonce is the GCM additional data, so the header is authenticated. The unkeyed
 * hash tells a damaged header (corrupt) from a wrong key (keyCheck mismatch) without a key.
 */
export const MAGIC = Buffer.from('CSVAULT\0', 'latin1');
export const FORMAT_VERSION = 1;
const NONCE_BYTES = 12; // NIST SP 800-38D §8.2.2: random 96-bit IVs
const TAG_BYTES = 16;
const HASH_BYTES = 32;
const MAX_HEADER_BYTES = 64 * 1024;
const KEY_CHECK_LABEL = 'connected-services vault key check v1';

export const VaultHeaderSchema = z.strictObject({
  cipher: z.literal('aes-256-gcm'),
  /** The key provider's id. */
  provider: z.string().min(1).max(100),
  /** What the provider needs to find or derive the key (keychain entry, scrypt salt and costs). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** HMAC of a fixed label under the key: a wrong key is told apart from a damaged file. */
  keyCheck: z.string(),
  createdAt: z.number(),
});
export type VaultHeader = z.infer<typeof VaultHeaderSchema>;

const PayloadSchema = z.strictObject({ entries: z.record(z.string(), z.string()) });

export type ParsedVaultFile =
  | { kind: 'ok'; header: VaultHeader; aad: Buffer; nonce: Buffer; sealed: Buffer }
  | { kind: 'corrupt'; reason: string }
  | { kind: 'newer'; version: number };

export function keyCheckOf(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_CHECK_LABEL).digest().subarray(0, 16).toString('base64');
}

export function keyMatches(header: VaultHeader, key: Buffer): boolean {
  const expected = Buffer.from(header.keyCheck, 'base64');
  const actual = Buffer.from(keyCheckOf(key), 'base64');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Splits and checks the container; no key needed. Never throws. */
export function parseVaultFile(bytes: Buffer): ParsedVaultFile {
  const fixed = MAGIC.length + 1 + 4;
  if (bytes.length < fixed || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    return { kind: 'corrupt', reason: 'it does not start with the vault signature' };
  }
  const version = bytes.readUInt8(MAGIC.length);
  if (version > FORMAT_VERSION) return { kind: 'newer', version };
  if (version !== FORMAT_VERSION) return { kind: 'corrupt', reason: `unknown format version ${version}` };
  const headerLength = bytes.readUInt32BE(MAGIC.length + 1);
  const headerEnd = fixed + headerLength;
  if (headerLength > MAX_HEADER_BYTES || bytes.length < headerEnd + HASH_BYTES + NONCE_BYTES + TAG_BYTES) {
    return { kind: 'corrupt', reason: 'it is truncated' };
  }
  const hash = bytes.subarray(headerEnd, headerEnd + HASH_BYTES);
  if (!createHash('sha256').update(bytes.subarray(0, headerEnd)).digest().equals(hash)) {
    return { kind: 'corrupt', reason: 'its header checksum does not match' };
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.subarray(fixed, headerEnd).toString('utf8'));
  } catch {
    return { kind: 'corrupt', reason: 'its header is not JSON' };
  }
  const header = VaultHeaderSchema.safeParse(json);
  if (!header.success) return { kind: 'corrupt', reason: 'its header has unexpected fields' };
  const aadEnd = headerEnd + HASH_BYTES;
  return {
    kind: 'ok',
    header: header.data,
    aad: bytes.subarray(0, aadEnd),
    nonce: bytes.subarray(aadEnd, aadEnd + NONCE_BYTES),
    sealed: bytes.subarray(aadEnd + NONCE_BYTES),
  };
}

/** Decrypts; undefined when authentication fails (the file was altered or damaged). */
export function openPayload(parsed: Extract<ParsedVaultFile, { kind: 'ok' }>, key: Buffer): Map<string, string> | undefined {
  const tag = parsed.sealed.subarray(parsed.sealed.length - TAG_BYTES);
  const ciphertext = parsed.sealed.subarray(0, parsed.sealed.length - TAG_BYTES);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, parsed.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(parsed.aad);
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    return undefined;
  }
  // Authenticated, so the JSON is ours; still parsed defensively, and no parse message is kept (it quotes input).
  let json: unknown;
  try {
    json = JSON.parse(plain.toString('utf8'));
  } catch {
    return undefined;
  } finally {
    plain.fill(0);
  }
  const payload = PayloadSchema.safeParse(json);
  return payload.success ? new Map(Object.entries(payload.data.entries)) : undefined;
}

/** A complete file: header, a fresh random nonce, ciphertext and tag. */
export function sealVaultFile(header: VaultHeader, key: Buffer, entries: ReadonlyMap<string, string>): Buffer {
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(MAGIC.length + 1 + 4);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt8(FORMAT_VERSION, MAGIC.length);
  prefix.writeUInt32BE(headerBytes.length, MAGIC.length + 1);
  const headed = Buffer.concat([prefix, headerBytes]);
  const aad = Buffer.concat([headed, createHash('sha256').update(headed).digest()]);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const plain = Buffer.from(JSON.stringify({ entries: Object.fromEntries(entries) }), 'utf8');
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  return Buffer.concat([aad, nonce, ciphertext, cipher.getAuthTag()]);
}
