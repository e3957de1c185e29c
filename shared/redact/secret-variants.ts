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

/** `\uXXXX` for one UTF-16 code unit (RFC 8259 §7). */
function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The secret inside a JSON string (RFC 8259 §7), as encoders write it: JSON.stringify's (`\"`, `\\`,
 * control characters escaped), with `/` as `\/` (PHP's json_encode), with every character past
 * ASCII as `\uXXXX` (Python's json.dumps), both, and a JSON string inside another (the first form
 * escaped again). Case is left to the matcher (`\u00E4` and `\u00e4` are one form there).
 */
function jsonForms(secret: string): string[] {
  const plain = JSON.stringify(secret).slice(1, -1);
  const ascii = plain.replace(/[\u0080-\uffff]/g, (c) => unicodeEscape(c.charCodeAt(0)));
  const slashed = (form: string): string => form.replace(/\//g, '\\/');
  return [plain, ascii, slashed(plain), slashed(ascii), JSON.stringify(plain).slice(1, -1)];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The secret percent-encoded (RFC 3986 §2.1) as encoders write it: encodeURIComponent's, every
 * reserved character encoded (`!'()*` too, RFC 3986 §2.2), Python's quote (`/` left as is), and a
 * form's (space as `+`, WHATWG URL §5.2). Lower-case hex digits (`%2f`) are the matcher's case.
 */
function percentForms(secret: string): string[] {
  // encodeURIComponent throws on a lone surrogate; encoders (and UTF-8) write it as U+FFFD.
  const component = encodeURIComponent(secret.replace(LONE_SURROGATE, '\ufffd'));
  const strict = component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [component, strict, strict.replace(/%2F/g, '/'), strict.replace(/%20/g, '+')];
}

/**
 * Every form of a known secret that is redacted: as is (in any case: the matcher ignores case),
 * escaped in a JSON string, URL-encoded, hex, base64 and base64url (RFC 4648 §4, §5). Computed once
 * per secret, when it becomes known, never per redaction.
 */
export function secretVariants(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  const base64 = base64Cores(bytes);
  const variants = [
    secret,
    secret.toUpperCase(),
    secret.toLowerCase(),
    ...jsonForms(secret),
    ...percentForms(secret),
    hex,
    ...base64,
    ...base64.map((core) => core.replace(/\+/g, '-').replace(/\//g, '_')),
  ];
  return [...new Set(variants)].filter((v) => v === secret || v.length >= MIN_ENCODED);
}
