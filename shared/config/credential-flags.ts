import { namesAPlace } from './reference-led-path';
import { emptied, onlyReferences, outsideReferences, secretInQuery, tokenShaped, urlWithPassword } from './secret-shapes';
import { secretInside } from './embedded-secret';

/*
 * Command arguments that hold a secret in clear (SECURITY.md, "nothing is written in clear"). A
 * credential flag's value beside a reference is judged as an env value under a credential's name
 * (secretBesideReference): a path or URL that names a place passes (`--key ${env:HOME}/.ssh/id`,
 * `--credentials ${secret:CREDS_DIR}/sa.json`); other text glued to a credential is kept in clear
 * (`--token ${secret:X}/rest`: the reference may hold only a key's start).
 */

/** A flag whose value is a credential: `--api-key`, `--token`, `--password`, `--client-secret`, `--apiToken`. */
const SECRET_FLAG = /^--?(?:[a-z0-9]+[-_])*(?:api[-_]?key|apikey|key|token|secret|password|passwd|credentials?|pat|auth|authorization)$/i;

/** `--apiToken` read as `--api-token`: camelCase flags name a credential as often as dashed ones. */
function secretFlag(flag: string): boolean {
  return SECRET_FLAG.test(flag.replace(/([a-z0-9])([A-Z])/g, '$1-$2'));
}

/** `--auth basic`, `--auth oauth`: an auth flag's value that is a plain word names a method, not a secret. */
function namesAMethod(flag: string, value: string): boolean {
  return /auth(?:orization)?$/i.test(flag) && /^[A-Za-z][A-Za-z_-]{0,15}$/.test(value.trim());
}

/** A value that names a file rather than being a secret: `~/…`, `./…`, `/…` (token-shaped ones aside). */
function pathLike(value: string): boolean {
  return /^(?:~|\.{1,2})?\//.test(value) && !tokenShaped(value);
}

/** Whether an argument's value is a secret in clear, given the flag before it; text beside a reference (`${secret:X}abc`) is as clear as text alone. */
function secretValue(flag: string, value: string): boolean {
  const outside = outsideReferences(value);
  if (outside.trim() === '' || pathLike(value) || namesAMethod(flag, value)) return false;
  if (!onlyReferences(value)) return true;
  return !emptied(outside) && !namesAPlace(value);
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
    if (arg.startsWith('-') && eq > 0 && secretFlag(arg.slice(0, eq)) && secretValue(arg.slice(0, eq), arg.slice(eq + 1))) found.push({ index: i, flag: arg.slice(0, eq) });
    else if (arg.startsWith('-') && secretFlag(arg) && next !== undefined && !next.startsWith('-') && secretValue(arg, next)) found.push({ index: ++i, flag: arg });
    else if (tokenShaped(arg) || urlWithPassword(arg) || secretInQuery(arg) !== undefined || secretInside(arg)) found.push({ index: i });
  }
  return found;
}

/** The argument's value after `--flag=`, or all of it. */
export function argumentValue(arg: string, flag: string | undefined): { value: string; prefix: string } {
  return flag !== undefined && arg.startsWith(`${flag}=`) ? { value: arg.slice(flag.length + 1), prefix: `${flag}=` } : { value: arg, prefix: '' };
}
