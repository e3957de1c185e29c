import { SECRET_NAME } from '../redact';
import { secretHeaderNamed } from '../text';
import { argumentValue, secretArguments } from './credential-flags';
import { namesAPlace } from './reference-led-path';
import { isStdio, type ServerConfig } from './schema';
import { emptied, onlyReferences, outsideReferences, secretNamed, tokenShaped } from './secret-shapes';

/*
 * Text written beside a reference is as clear as text alone (SECURITY.md, "nothing is written in
 * clear"): `sk-abc123${env:X}` keeps the secret's start in mcp.json. One rule, so `servers add`, the
 * edit screen and every App API caller refuse the same values.
 */

/** Letters, digits, `-` or `_` touching a reference: the reference fills in the rest of one word. */
const GLUED = /[A-Za-z0-9_-]\$\{(?:secretFile|secret|env):|\$\{(?:secretFile|secret|env):[^}]+\}[A-Za-z0-9_-]/;

/**
 * Whether a value that holds references keeps a secret in clear beside them: a token's shape
 * anywhere; under an env variable's credential name any text but a scheme (`Bearer ${secret:x}`),
 * a file's path (`${env:HOME}/certs/key.pem`) or a path or URL a reference named for a place starts
 * (`${secret:BASE_URL}/v1`), none of its words a key's; under a credential header's name text glued to
 * a reference, since a header may hold plain labels beside one (`Cookie: session=${secret:S}; lang=en`).
 * A value without references is judged by the detector for literal values, not here.
 */
export function secretBesideReference(kind: 'env' | 'header', name: string, value: string): boolean {
  if (!onlyReferences(value)) return false;
  const outside = outsideReferences(value);
  if (emptied(outside)) return false;
  if (tokenShaped(outside)) return true;
  if (kind === 'env') return (secretNamed(name) || SECRET_NAME.test(name)) && !namesAPlace(value);
  return secretHeaderNamed(name) && GLUED.test(value);
}

/**
 * The env variables, headers and command arguments of an entry that keep a secret in clear beside a
 * reference (`env.API_KEY`, `headers.Authorization`, `args.2`: a credential flag's value, judged as an
 * env value under a credential's name is).
 */
export function secretsBesideReferences(config: ServerConfig): { field: string; name: string; value: string }[] {
  const [kind, values] = isStdio(config) ? (['env', config.env] as const) : (['header', config.headers] as const);
  const found = Object.entries(values ?? {})
    .filter(([name, value]) => secretBesideReference(kind, name, value))
    .map(([name, value]) => ({ field: `${kind === 'env' ? 'env' : 'headers'}.${name}`, name, value }));
  const args = isStdio(config) ? (config.args ?? []) : [];
  for (const { index, flag } of secretArguments(args)) {
    const arg = args[index] ?? '';
    if (onlyReferences(argumentValue(arg, flag).value)) found.push({ field: `args.${index}`, name: flag?.replace(/^-+/, '') ?? `ARG${index + 1}`, value: arg });
  }
  return found;
}
