/** An encoded form shorter than this is not matched: too likely to hit ordinary text. */
const MIN_ENCODED = 8;

/**
 * The base64 characters determined by `bytes` alone, wherever they sit in a longer encoded value:
 * one core per alignment (offset mod 3, RFC 4648 §4), without the edge groups that mix in
 * neighbouring bytes.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = offset === 0 ? 0 : 4;
    const end = 4 * Math.floor((offset + bytes.length) / 3);
    if (end - start >= MIN_ENCODED) cores.push(encoded.slice(start, end));
  }
  // The whole value encoded alone, with its last partial group, padded and not.
  const alone = bytes.toString('base64');
  cores.push(alone, alone.replace(/=+$/, ''));
  return cores;
}

/**
 * Every form of a known secret that is redacted: as is, upper and lower case, URL-encoded (RFC 3986
 * §2.1), hex in both cases, base64 and base64url (RFC 4648 §4, §5). Computed once per secret, when
 * it becomes known, never per redaction.
 */
export function secretVariants(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  const base64 = base64Cores(bytes);
  const variants = [
    secret,
    secret.toUpperCase(),
    secret.toLowerCase(),
    encodeURIComponent(secret),
    hex,
    hex.toUpperCase(),
    ...base64,
    ...base64.map((core) => core.replace(/\+/g, '-').replace(/\//g, '_')),
  ];
  return [...new Set(variants)].filter((v) => v === secret || v.length >= MIN_ENCODED);
}
