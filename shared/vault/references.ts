import { CodedError } from '../errors';
import { redactor as processRedactor } from '../redact';
import { SECRET_NAME_PATTERN } from './vault-key';

/**
 * `${secret:NAME}` (a vault secret) and `${env:NAME}` (an environment variable) inside config strings;
 * `${secretFile:NAME}`: the path of a private file holding the vault secret NAME (stdio servers only).
 * `$${…}` stands for a literal `${…}`. Other `${…}` forms (`${workspaceFolder}`, `${VAR:-x}` of other
 * clients) are not ours and pass through untouched.
 */
const REFERENCE = /(\$?)\$\{(secretFile|secret|env):([^}]*)(\}?)/g;
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,255}$/;

export type ReferenceKind = 'secret' | 'env' | 'secretFile';

export interface SecretReference {
  kind: ReferenceKind;
  name: string;
  /** The reference as written, e.g. `${secret:GITHUB_TOKEN}`. */
  text: string;
}

export interface ReferenceResolvers {
  /** A secret's value, or undefined if the vault has none by that name. */
  secret: (name: string) => Promise<string | undefined>;
  env: Readonly<Record<string, string | undefined>>;
  /** Writes the secret NAME to a private file and gives its path; absent where no program reads files (HTTP). */
  secretFile?: (name: string) => Promise<string | undefined>;
  /** Resolved values are secrets: they are registered here. Default: the process redactor. */
  redactor?: { addSecret(value: string, label?: string): void };
}

function unterminated(text: string): CodedError {
  return new CodedError('invalid_config', `The reference ${text} has no closing "}".`, {
    hint: 'Write references as ${secret:NAME} or ${env:NAME}.',
    data: { reference: text },
  });
}

function badName(ref: SecretReference): CodedError {
  const rule =
    ref.kind !== 'env' ? '1-128 letters, digits, "_", "." or "-"' : 'letters, digits and "_", not starting with a digit';
  return new CodedError('invalid_config', `The reference ${ref.text} does not name a valid ${ref.kind}: use ${rule}.`, {
    hint: `Fix the name inside ${ref.text}.`,
    data: { reference: ref.text },
  });
}

function missing(ref: SecretReference): CodedError {
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
    found.push({ kind: kind === 'secret' || kind === 'secretFile' ? kind : 'env', name: name ?? '', text });
  }
  return found;
}

export function hasReferences(value: string): boolean {
  return findReferences(value).length > 0;
}

function validName(ref: SecretReference): boolean {
  return ref.kind === 'env' ? ENV_NAME_PATTERN.test(ref.name) : SECRET_NAME_PATTERN.test(ref.name);
}

/**
 * Replaces every `${secret:NAME}` and `${env:NAME}` in `value`, once (resolved values are not scanned
 * again). An unknown, unset or malformed reference throws CodedError invalid_config naming the
 * reference (never a value); the caller adds which server it belongs to.
 */
export async function resolveReferences(value: string, resolvers: ReferenceResolvers): Promise<string> {
  const refs = findReferences(value);
  if (refs.length === 0) return value.includes('$${') ? unescape(value) : value;
  for (const ref of refs) if (!validName(ref)) throw badName(ref);

  const resolved = new Map<string, string>();
  for (const ref of refs) {
    if (resolved.has(ref.text)) continue;
    if (ref.kind === 'secretFile' && !resolvers.secretFile) throw noFiles(ref);
    const found = ref.kind === 'secret' ? await resolvers.secret(ref.name) : ref.kind === 'secretFile' ? await resolvers.secretFile?.(ref.name) : resolvers.env[ref.name];
    if (found === undefined) throw missing(ref);
    resolved.set(ref.text, found);
  }
  const redactor = resolvers.redactor ?? processRedactor;
  for (const ref of refs) {
    const secret = resolved.get(ref.text);
    if (secret !== undefined) redactor.addSecret(secret, ref.kind === 'env' ? `$${ref.name}` : ref.name);
  }

  return value.replace(REFERENCE, (whole: string, escape: string) => {
    if (escape === '$') return whole.slice(1);
    return resolved.get(whole) ?? whole;
  });
}

function unescape(value: string): string {
  return value.replace(REFERENCE, (whole: string, escape: string) => (escape === '$' ? whole.slice(1) : whole));
}
