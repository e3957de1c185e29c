/** A private key's opening armor line (RFC 7468 §2: `-----BEGIN RSA PRIVATE KEY-----`, `… ENCRYPTED PRIVATE KEY-----`). */
const OPENING = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
/**
 * One piece of a key's body: base64 and white space (RFC 7468 §3), a line break escaped in JSON
 * text (`\n`), or an encrypted key's RFC 1421 header. Taken piece by piece from where the last ended,
 * so a body of any length costs one pass and no backtracking.
 */
const BODY_PIECE = /(?:Proc-Type|DEK-Info):[^\r\n\\]{0,200}|[A-Za-z0-9+/=]+(?![A-Za-z0-9+/=:]|-(?!----))|\s+|\\[rn]/y;
/** A body holds base64 lines (64 characters each, §3); prose after an armor line (documentation) has none. */
const BASE64_RUN = /[A-Za-z0-9+/=]{16}/;

/**
 * Hides the body of every private key in PEM form, known to us or not (a server printing the key it
 * failed to read). Its armor stays, so a reader still sees what was there; so does an armor alone,
 * as documentation shows it.
 */
export function redactPrivateKeyBodies(text: string, replacement: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  let out = '';
  let copied = 0;
  for (const opening of text.matchAll(OPENING)) {
    const start = opening.index + opening[0].length;
    if (start <= copied) continue;
    let end = start;
    BODY_PIECE.lastIndex = start;
    while (BODY_PIECE.exec(text) !== null) end = BODY_PIECE.lastIndex;
    if (!BASE64_RUN.test(text.slice(start, end))) continue;
    out += `${text.slice(copied, start)}${replacement}`;
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
