/**
 * Whether fetch can send `value` as a header's value: after the trim it applies, no NUL, CR or LF,
 * and one byte per character (RFC 9110 §5.5; Fetch §2.2 "header value").
 */
export function sendableInHeader(value: string): boolean {
  const trimmed = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code === 0 || code === 10 || code === 13 || code > 0xff) return false;
  }
  return true;
}
