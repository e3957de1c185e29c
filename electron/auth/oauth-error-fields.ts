import { z } from 'zod';

/*
 * An authorization server's error (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 6750 §3) is text it chooses,
 * and we print it: in the CLI, the screens, the admin log. Read through one schema, each field is one
 * printable line of bounded length, so a hostile server can neither flood what a person reads nor
 * move a terminal's cursor, retitle its window or reorder the text (ECMA-48 §5, UAX #9).
 */

/** The longest shown: a code (the RFC's longest is 25 characters), a description, an `error_uri`, other text an error carries. */
export const OAUTH_ERROR_BOUNDS = { error: 64, description: 300, uri: 256, text: 500 } as const;

/** Controls (ESC, CSI, CR, LF), format characters (bidi overrides, zero-width), separators, private use, surrogates, unassigned. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]+/gu;

/** `text` as one printable line of at most `max` characters (code points), `…` ending a cut one. */
export function oneLine(text: string, max: number): string {
  // Only the head is read: enough code units for `max` code points and a run of spaces to collapse.
  const head = text.slice(0, max * 4);
  const clean = head.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  const points = Array.from(clean);
  if (points.length <= max && head.length === text.length) return clean;
  return `${points.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A field bounded to `max`: absent when it is no string or nothing printable is left. */
function bounded(max: number) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? oneLine(value, max) : ''))
    .transform((value) => (value === '' ? undefined : value));
}

/** An OAuth error response's fields, each bounded. */
export const OAuthErrorFieldsSchema = z.object({
  error: bounded(OAUTH_ERROR_BOUNDS.error),
  error_description: bounded(OAUTH_ERROR_BOUNDS.description),
  error_uri: bounded(OAUTH_ERROR_BOUNDS.uri),
});

export type OAuthErrorFields = z.infer<typeof OAuthErrorFieldsSchema>;

/** The bounded fields of whatever holds them (a parsed body, an error object, a challenge's parameters); none of a non-object. */
export function oauthErrorFields(value: unknown): OAuthErrorFields {
  const source = typeof value === 'object' && value !== null ? value : {};
  const picked = {
    error: (source as Record<string, unknown>)['error'],
    error_description: (source as Record<string, unknown>)['error_description'],
    error_uri: (source as Record<string, unknown>)['error_uri'],
  };
  return OAuthErrorFieldsSchema.parse(picked);
}
