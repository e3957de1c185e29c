import { REDACTED, SECRET_NAME } from '../../shared/redact';
import { hasTokenPrefix, looksLikeToken } from '../registry';

/** Our references: what `mcp.json` may hold where a secret goes. */
const REFERENCE = /\$\{(?:secretFile|secret|env):[^}]+\}/g;

/** Names a credential: `*_TOKEN`, `*_KEY`, … as the redaction knows them, and `DB_PASS`, `GITHUB_PAT`, `OPENAI_API_KEY_2`. */
export function secretNamed(name: string): boolean {
  const base = name.replace(/-/g, '_').replace(/_?\d+$/, '');
  return SECRET_NAME.test(base) || /(?:^|_)PAT$|_(?:PASS|PWD)$/i.test(base);
}

/** The text of a value outside its `${secret:…}`/`${env:…}` references. */
export function outsideReferences(value: string): string {
  return value.replace(REFERENCE, '');
}

/** Only references and plain text: a stray `${` is no reference. */
export function onlyReferences(value: string): boolean {
  return value.includes('${') && !outsideReferences(value).includes('${');
}

/** A file's path: `/…`, `~/…`, `./…`, `../…`, `C:\…`. */
const PATH = /^(?:~|\.{1,2})?[/\\]|^[A-Za-z]:[/\\]/;

/**
 * A token's shape (`looksLikeToken`, which `import` uses) in any word of a value: a path's segment, a
 * flag's `=value`, a query's parameter. Without a known prefix a word must mix upper and lower case,
 * so an id, a UUID, a package or a project's name is not taken for one; in a path only a known
 * prefix counts (`~/sk-…`), since folders made by mkdtemp and the like mix case at random.
 */
export function tokenShaped(value: string): boolean {
  const text = outsideReferences(value);
  const path = PATH.test(text.trim());
  return text
    .split(/[\s/\\=&?#,;]+/)
    .some((word) => word.length >= 16 && !word.startsWith('-') && looksLikeToken(word) && (hasTokenPrefix(word) || (!path && /[a-z]/.test(word) && /[A-Z]/.test(word))));
}

/** A URL carrying a password (`postgres://app:pw@db/x`). */
export function urlWithPassword(value: string): boolean {
  return URL.canParse(value) && new URL(value).password !== '';
}

/** A query parameter with a secret's name (`api_key`, `token`, `access_token`) or a token-shaped value. */
export function secretInQuery(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  for (const [name, param] of new URL(value).searchParams) {
    const literal = outsideReferences(param).trim();
    if (literal === '') continue;
    if (secretNamed(name) || /^(?:auth|sig|signature|apikey)$/i.test(name) || tokenShaped(param)) return name;
  }
  return undefined;
}

/** A flag whose value is a credential: `--api-key`, `--token`, `--password`, `--client-secret`. */
const SECRET_FLAG = /^--?(?:[a-z0-9]+[-_])*(?:api[-_]?key|apikey|key|token|secret|password|passwd|credentials?)$/i;

/** A value that names a file rather than being a secret: `~/…`, `./…`, `/…` (token-shaped ones aside). */
function pathLike(value: string): boolean {
  return /^(?:~|\.{1,2})?\//.test(value) && !tokenShaped(value);
}

/** Whether an argument's value is a secret in clear, given the flag before it. */
function secretValue(value: string): boolean {
  return outsideReferences(value).trim() !== '' && !onlyReferences(value) && !pathLike(value);
}

/**
 * The command arguments that hold a secret in clear: the value of a secret-named flag (`--api-key
 * sk-…`, `--token=…`, `flag` says which), a token-shaped word, or a URL with a password or a secret
 * query parameter.
 */
export function secretArguments(args: readonly string[]): { index: number; flag?: string }[] {
  const found: { index: number; flag?: string }[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    const eq = arg.indexOf('=');
    if (arg.startsWith('-') && eq > 0 && SECRET_FLAG.test(arg.slice(0, eq)) && secretValue(arg.slice(eq + 1))) found.push({ index: i, flag: arg.slice(0, eq) });
    else if (SECRET_FLAG.test(arg) && next !== undefined && !next.startsWith('-') && secretValue(next)) found.push({ index: ++i, flag: arg });
    else if (tokenShaped(arg) || urlWithPassword(arg) || secretInQuery(arg) !== undefined) found.push({ index: i });
  }
  return found;
}

/**
 * A command line or URL as `servers list` prints it, with what `servers add` would refuse hidden: an
 * `mcp.json` written by hand or before these checks may hold them (the output's redaction knows
 * `api-key=…` and `?token=…`, not `--api-key sk-…`).
 */
export function hideSecrets(text: string): string {
  const words = text.split(' ');
  for (const { index, flag } of secretArguments(words)) {
    const word = words[index] ?? '';
    words[index] = flag !== undefined && word.startsWith(`${flag}=`) ? `${flag}=${REDACTED}` : URL.canParse(word) ? hideInUrl(word) : REDACTED;
  }
  return words.join(' ');
}

function hideInUrl(text: string): string {
  const url = new URL(text);
  if (url.password !== '') url.password = REDACTED;
  for (const [name, value] of [...url.searchParams]) if (secretInQuery(`http://x/?${new URLSearchParams({ [name]: value }).toString()}`) !== undefined) url.searchParams.set(name, REDACTED);
  return url.toString();
}
