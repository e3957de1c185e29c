import { secretNamed } from '../redact';
import { outsideReferences, tokenShaped } from './secret-shapes';

/*
 * A path or URL built on a reference that holds its start: `${secret:BASE_URL}/v1/mcp`,
 * `${secret:KEY_DIR}/client.pem`. As `${env:HOME}/…`, the text after it names a place, no secret; but
 * a secret's reference may also hold only the start of a key whose tail is written after it
 * (`${secret:PART}/Zm9vYmFy…`, base64 holds `/`), so every word of the text must read as a path's.
 */

/** References first, then a path's separator. */
const LED = /^(?:\$\{(?:secretFile|secret|env):[^}]+\})+(?=[/\\])/;

/** A segment of a path as people write them: base64's `+` and `=` are no part of one. */
const SEGMENT = /^[A-Za-z0-9._~@-]*$/;

/** A query's parameter that is plain: a name that names no secret, a short plain value (`?format=json`). */
function plainParameter(pair: string): boolean {
  const eq = pair.indexOf('=');
  const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
  if (!SEGMENT.test(name) || !SEGMENT.test(value) || tokenShaped(value)) return false;
  return name === '' || (!secretNamed(name) && !/^(?:auth|sig|signature|apikey)$/i.test(name));
}

/** Whether a value is a path or URL whose start a reference holds, with no word of the rest shaped as a key's. */
export function pathOnReference(value: string): boolean {
  const lead = LED.exec(value);
  if (lead === null) return false;
  const rest = outsideReferences(value.slice(lead[0].length));
  const query = rest.indexOf('?');
  const path = query < 0 ? rest : rest.slice(0, query);
  const parameters = query < 0 ? [] : rest.slice(query + 1).split('&');
  return path.split(/[/\\]/).every((segment) => SEGMENT.test(segment) && !tokenShaped(segment)) && parameters.every(plainParameter);
}
