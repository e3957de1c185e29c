import { holdsTokenShape, Redactor } from '../redact';
import { outsideReferences } from './secret-shapes';

/** A redactor that knows no secret: it hides only what the shape of a text gives away. */
const shapes = new Redactor();

/**
 * A secret inside a longer value, where the whole value is no token's shape: a known token's shape
 * anywhere (`--header=X-Key:ghp_…`), or in a JSON value (`{"token":"…"}`) a credential-named member or
 * a token's shape, as `servers list` hides them. Plain text is judged by shape alone, so
 * `cache_key=users` or `key=value` is not taken for one.
 */
export function secretInside(value: string): boolean {
  const text = outsideReferences(value);
  if (holdsTokenShape(text)) return true;
  return /^\s*[[{]/.test(text) && shapes.redact(text) !== text;
}
