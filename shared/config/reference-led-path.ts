import { madeOfWords, outsideReferences, pathFromReferences, secretParameterNamed, tokenShaped } from './secret-shapes';

/*
 * A path or URL a reference starts names a place, no secret: `${env:HOME}/certs/key.pem`,
 * `${secret:BASE_URL}/v1/mcp`, `${secret:KEY_DIR}/client.pem`. But a reference may hold only the start
 * of a key whose tail is written after it (`${secret:PREFIX}/Zm9vYmFy…`: base64 holds `/`), and an
 * env variable holds a key as often as a vault entry does, so a `${secret:…}` or `${env:…}` is read as a
 * place's start only when its name says it holds one. Whatever the name, a word shaped as a key's (hex,
 * base64, a token) or a query parameter naming a secret is refused.
 */

/** References first, then a path's separator; the last reference is the one the path goes on from. */
const LED = /^(?:\$\{(?:secretFile|secret|env):[^}]+\})*\$\{(secretFile|secret|env):([^}]+)\}(?=[/\\])/;

/**
 * The last word of a name that holds a place: an address (`BASE_URL`, `apiEndpoint`, `VAULT_ADDR`) or
 * a folder or file (`KEY_DIR`, `CERT_PATH`, `DATA_HOME`). Not `BASE` or `PREFIX`: Rails' `SECRET_KEY_BASE`
 * is a key, and a prefix is a key's start.
 */
const PLACE_WORD = /(?:^|_)(?:URL|URI|ENDPOINT|HOST|HOSTNAME|ORIGIN|ADDR|ADDRESS|DIR|DIRECTORY|FOLDER|PATH|ROOT|HOME|FILE|LOCATION)$/i;

/** The folders an operating system names in its environment (`%USERPROFILE%`, `%APPDATA%`, `$TMPDIR`, `$PWD`). */
const SYSTEM_FOLDER = /^(?:USERPROFILE|ALLUSERSPROFILE|APPDATA|LOCALAPPDATA|PROGRAMDATA|PROGRAMFILES|SYSTEMROOT|WINDIR|HOMEDRIVE|HOMEPATH|TMPDIR|TEMP|TMP|PWD|OLDPWD)$/i;

/** Whether a reference's name says it holds a place; `apiBaseUrl` and `API-BASE-URL-2` read as `API_BASE_URL`. */
export function placeNamed(name: string): boolean {
  return SYSTEM_FOLDER.test(name) || PLACE_WORD.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-. ]/g, '_').replace(/_?\d+$/, ''));
}

/** A segment of a path as people write them: base64's `+` and `=` are no part of one. */
const SEGMENT = /^[A-Za-z0-9._~@-]*$/;

/**
 * A word shaped as a key's rather than a folder's: a token's shape, a run of hex digits (`a1b2…`, 16 or
 * more), or URL-safe base64 that mixes cases and digits and does not read as words; 32 such characters
 * in a row are a key's whatever they read as (`wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`).
 */
function keyShaped(word: string): boolean {
  if (tokenShaped(word)) return true;
  if (/^[0-9a-f]{16,}$/i.test(word) && /\d/.test(word) && /[a-f]/i.test(word)) return true;
  const mixed = /^[A-Za-z0-9_-]{16,}$/.test(word) && /\d/.test(word) && /[a-z]/.test(word) && /[A-Z]/.test(word);
  return mixed && (word.length >= 32 || !madeOfWords(word));
}

/** A query's parameter that is plain: a name that names no secret, a short plain value (`?format=json`). */
function plainParameter(pair: string): boolean {
  const eq = pair.indexOf('=');
  const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
  if (!SEGMENT.test(name) || !SEGMENT.test(value) || keyShaped(value)) return false;
  return name === '' || !secretParameterNamed(name);
}

/** A path whose lead reference names a place (a `${secretFile:…}` is a file's path), its words a path's. */
function pathOnReference(value: string): boolean {
  const lead = LED.exec(value);
  if (lead === null || (lead[1] !== 'secretFile' && !placeNamed(lead[2] ?? ''))) return false;
  const rest = outsideReferences(value.slice(lead[0].length));
  const query = rest.indexOf('?');
  const path = query < 0 ? rest : rest.slice(0, query);
  const parameters = query < 0 ? [] : rest.slice(query + 1).split('&');
  return path.split(/[/\\]/).every((segment) => SEGMENT.test(segment) && !keyShaped(segment)) && parameters.every(plainParameter);
}

/**
 * Whether a value that holds references reads as a path or URL, none of its words a key's: a file's
 * path (`~/…`, `C:\…`) or a path or URL a place-named reference starts (`${env:HOME}/key.json`).
 */
export function namesAPlace(value: string): boolean {
  if (pathOnReference(value)) return true;
  return pathFromReferences(value) && !outsideReferences(value).split(/[/\\]/).some(keyShaped);
}
