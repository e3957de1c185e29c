import { CodedError } from '../errors';
import { redactor as processRedactor, type SecretSource } from '../redact';
import { SECRET_NAME_PATTERN } from './vault-key';
import { isKeptVariable, isOwnVariable, ownVariableMessage, storePasswordMessage } from './own-variables';

/**
 * `${secret:NAME}` (a vault secret), `${secret:STORE:PATH}` (an entry of another secret store, e.g.
 * `${secret:pass:work/github-token}`) and `${env:NAME}` (an environment variable) inside config strings;
 * `${secretFile:NAME}`: the path of a private file holding the vault secret NAME (stdio servers only).
 * `$${…}` stands for a literal `${…}`. Other `${…}` forms (`${workspaceFolder}`, `${VAR:-x}` of other
 * clients) are not ours and pass through untouched.
 */
const REFERENCE = /(\$?)\$\{(secretFile|secret|env):([^}]*)(\}?)/g;
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;
/** A store's name in `settings.secretStores` (and the built-in `pass`, `keepassxc`, `secret-service`, `vault`). */
export const STORE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;
/** The longest path inside a store. */
export const MAX_STORE_PATH = 512;

export type ReferenceKind = 'secret' | 'env' | 'secretFile';

export interface SecretReference {
  kind: ReferenceKind;
  /** The vault secret's or variable's name; for a store's entry, its path inside the store. */
  name: string;
  /** `${secret:STORE:PATH}`: the store's name (absent: our vault). */
  store?: string;
  /** The reference as written, e.g. `${secret:GITHUB_TOKEN}`. */
  text: string;
}

export interface ReferenceResolvers {
  /** A secret's value, or undefined if the vault has none by that name. */
  secret: (name: string) => Promise<string | undefined>;
  /**
   * An entry of a secret store (`${secret:STORE:PATH}`), or undefined if the store has none at that path.
   * Throws CodedError when the store cannot answer (locked, missing, not approved). Absent: refused.
   */
  store?: (store: string, path: string) => Promise<string | undefined>;
  env: Readonly<Record<string, string | undefined>>;
  /** Variables `${env:…}` may not name beside our own: the ones a secret store reads its password from. */
  kept?: readonly string[];
  /** Writes the secret NAME to a private file and gives its path; absent where no program reads files (HTTP). */
  secretFile?: (name: string) => Promise<string | undefined>;
  /** Resolved values are secrets: they are registered here. Default: the process redactor. */
  redactor?: { addSecret(value: string, source?: SecretSource): void };
}

function unterminated(text: string): CodedError {
  return new CodedError('invalid_config', `The reference ${text} has no closing "}".`, {
    hint: 'Write references as ${secret:NAME} or ${env:NAME}.',
    data: { reference: text },
  });
}

function badName(ref: SecretReference): CodedError {
  if (ref.store !== undefined) return badStoreReference(ref);
  const rule =
    ref.kind !== 'env' ? '1-128 letters, digits, "_", "." or "-"' : 'letters, digits and "_", not starting with a digit';
  return new CodedError('invalid_config', `The reference ${ref.text} does not name a valid ${ref.kind === 'env' ? 'environment variable' : 'secret'}: use ${rule}.`, {
    hint: `Fix the name inside ${ref.text}.`,
    data: { reference: ref.text },
  });
}

function badStoreReference(ref: SecretReference): CodedError {
  const store = ref.store ?? '';
  const problem = !STORE_NAME_PATTERN.test(store)
    ? `does not name a valid store: use 1-48 letters, digits, "_" or "-", starting with a letter`
    : ref.kind === 'secretFile'
      ? 'names a store, which ${secretFile:…} cannot read from: only vault secrets are written to files'
      : `does not name a valid path: use 1-${MAX_STORE_PATH} printable characters, not starting with "-", without "." or ".." segments`;
  return new CodedError('invalid_config', `The reference ${ref.text} ${problem}.`, {
    hint: `Write it as \${secret:STORE:PATH}, e.g. \${secret:pass:work/github-token}.`,
    data: { reference: ref.text },
  });
}

function missing(ref: SecretReference): CodedError {
  if (ref.store !== undefined) {
    return new CodedError('invalid_config', `The secret reference ${ref.text} names an entry the store "${ref.store}" does not hold.`, {
      hint: `Add "${ref.name}" to ${ref.store}, or fix the path in mcp.json (\`connected-services secrets stores\` lists your stores).`,
      data: { reference: ref.text, store: ref.store },
    });
  }
  if (ref.kind !== 'env') {
    return new CodedError('invalid_config', `The secret reference ${ref.text} names a secret the vault does not hold.`, {
      hint: `Store it with \`connected-services secrets set ${ref.name}\`, or fix the name.`,
      data: { reference: ref.text },
    });
  }
  return new CodedError('invalid_config', `The reference ${ref.text} names an environment variable that is not set.`, {
    hint: `Set ${ref.name} in the environment connected-services starts in, or store the value with \`connected-services secrets set ${ref.name}\` and write \${secret:${ref.name}}.`,
    data: { reference: ref.text },
  });
}

function ownVariable(ref: SecretReference): CodedError {
  const { message, hint } = isOwnVariable(ref.name) ? ownVariableMessage(ref.text, ref.name) : storePasswordMessage(ref.text);
  return new CodedError('invalid_config', message, { hint, data: { reference: ref.text } });
}

function noStores(ref: SecretReference): CodedError {
  return new CodedError('invalid_config', `The reference ${ref.text} names the secret store "${ref.store ?? ''}", which cannot be read here.`, {
    hint: 'Store the value in the vault with `connected-services secrets set NAME` and write ${secret:NAME} here instead.',
    data: { reference: ref.text },
  });
}

function noFiles(ref: SecretReference): CodedError {
  return new CodedError('invalid_config', `The reference ${ref.text} names a file, which only a program on this computer (a command) can read.`, {
    hint: `Write \${secret:${ref.name}} here instead.`,
    data: { reference: ref.text },
  });
}

/** Every reference in `value`, in order (escaped `$${…}` excluded). Throws on an unterminated one. */
export function findReferences(value: string): SecretReference[] {
  const found: SecretReference[] = [];
  for (const match of value.matchAll(REFERENCE)) {
    const [whole, escape, kind, name, close] = match;
    if (escape === '$') continue;
    const text = whole;
    if (close !== '}') throw unterminated(text);
    const refKind: ReferenceKind = kind === 'secret' || kind === 'secretFile' ? kind : 'env';
    const body = name ?? '';
    const colon = refKind === 'env' ? -1 : body.indexOf(':');
    if (colon < 0) found.push({ kind: refKind, name: body, text });
    else found.push({ kind: refKind, store: body.slice(0, colon), name: body.slice(colon + 1), text });
  }
  return found;
}

export function hasReferences(value: string): boolean {
  return findReferences(value).length > 0;
}

/** Printable, bounded, never read as an option (`-…`) by a store's program, never climbing out of it (`..`). */
export function validStorePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_STORE_PATH || path.startsWith('-')) return false;
  if (/[\p{Cc}\p{Cf}]/u.test(path)) return false;
  return path.split('/').every((segment) => segment !== '.' && segment !== '..');
}

function validName(ref: SecretReference): boolean {
  if (ref.store !== undefined) return ref.kind === 'secret' && STORE_NAME_PATTERN.test(ref.store) && validStorePath(ref.name);
  return ref.kind === 'env' ? ENV_NAME_PATTERN.test(ref.name) : SECRET_NAME_PATTERN.test(ref.name);
}

/** Why a reference found by findReferences can never be resolved, whatever the vault or stores hold; undefined if it is well formed. */
export function malformedReference(ref: SecretReference): CodedError | undefined {
  return validName(ref) ? undefined : badName(ref);
}

/**
 * Replaces every `${secret:NAME}` and `${env:NAME}` in `value`, once (resolved values are not scanned
 * again). An unknown, unset or malformed reference throws CodedError invalid_config naming the
 * reference (never a value); the caller adds which server it belongs to. `encode` writes each value
 * into its place (a URL's component: percent-encoded); the value itself is what the redactor learns.
 */
export async function resolveReferences(value: string, resolvers: ReferenceResolvers, encode: (value: string) => string = (v) => v): Promise<string> {
  const refs = findReferences(value);
  if (refs.length === 0) return value.includes('$${') ? unescape(value) : value;
  for (const ref of refs) if (!validName(ref)) throw badName(ref);
  for (const ref of refs) if (ref.kind === 'env' && isKeptVariable(ref.name, resolvers.kept)) throw ownVariable(ref);

  const resolved = new Map<string, string>();
  for (const ref of refs) {
    if (resolved.has(ref.text)) continue;
    if (ref.kind === 'secretFile' && !resolvers.secretFile) throw noFiles(ref);
    if (ref.store !== undefined && !resolvers.store) throw noStores(ref);
    const found = await lookUp(ref, resolvers);
    if (found === undefined) throw missing(ref);
    resolved.set(ref.text, found);
  }
  const redactor = resolvers.redactor ?? processRedactor;
  for (const ref of refs) {
    const secret = resolved.get(ref.text);
    if (secret !== undefined) redactor.addSecret(secret, sourceOf(ref));
  }

  return value.replace(REFERENCE, (whole: string, escape: string) => {
    if (escape === '$') return whole.slice(1);
    const secret = resolved.get(whole);
    return secret === undefined ? whole : encode(secret);
  });
}

/**
 * Where a resolved value came from. A vault secret's value was named by the vault when it read it
 * (its exact entry, scoped or global), and a secretFile's is the file's path: neither is a hand-out here.
 */
function sourceOf(ref: SecretReference): SecretSource | undefined {
  if (ref.store !== undefined) return { from: 'store', store: ref.store, name: ref.name };
  return ref.kind === 'env' ? { from: 'env', name: ref.name } : undefined;
}

function lookUp(ref: SecretReference, resolvers: ReferenceResolvers): Promise<string | undefined> {
  if (ref.store !== undefined) return resolvers.store?.(ref.store, ref.name) ?? Promise.resolve(undefined);
  if (ref.kind === 'secret') return resolvers.secret(ref.name);
  if (ref.kind === 'secretFile') return resolvers.secretFile?.(ref.name) ?? Promise.resolve(undefined);
  // Own keys only: `${env:constructor}` is no variable, not Object.prototype's function.
  return Promise.resolve(Object.hasOwn(resolvers.env, ref.name) ? resolvers.env[ref.name] : undefined);
}

function unescape(value: string): string {
  return value.replace(REFERENCE, (whole: string, escape: string) => (escape === '$' ? whole.slice(1) : whole));
}
