import { z } from 'zod';
import { CodedError } from '../errors';
import type { SecretSource } from '../redact';

/**
 * The namespace of secrets that belong to no one server (`${secret:NAME}` in mcp.json).
 * Server names cannot start with `_` (shared/config SERVER_NAME), so it never collides with one.
 */
export const GLOBAL_SERVER = '_global';

/** Kinds a server's credentials come in; `secret:NAME` holds named secrets. */
export const VAULT_KINDS = ['tokens', 'client', 'apiKey'] as const;
export type VaultBaseKind = (typeof VAULT_KINDS)[number];

/** Names usable in `${secret:NAME}`. */
export const SECRET_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** A server id or namespace: no `/` (the separator of the string form), no whitespace or control characters. */
const SERVER_PATTERN = /^[^/\s\p{Cc}]{1,200}$/u;
/** `tokens`, `client`, `apiKey`, each optionally qualified (`tokens:<scope set>`), or `secret:NAME`. */
const KIND_PATTERN = /^(?:(?:tokens|client|apiKey)(?::[\x20-\x7e]{1,256})?|secret:[A-Za-z0-9_.-]{1,128})$/;

export const VaultKeySchema = z.strictObject({
  server: z.string().regex(SERVER_PATTERN, 'a server id has 1-200 characters, no "/" and no whitespace'),
  kind: z
    .string()
    .regex(KIND_PATTERN, 'a kind is tokens, client or apiKey (optionally ":qualifier"), or secret:NAME'),
});
/** One vault entry's address: whose credential (`server`) and what it is (`kind`). */
export type VaultKey = z.infer<typeof VaultKeySchema>;

function invalidKey(detail: string): CodedError {
  return new CodedError('invalid_input', `Invalid vault key: ${detail}`, {
    hint: 'A vault key is "<server>/<kind>", kind being tokens, client, apiKey or secret:NAME.',
  });
}

/** Validates a key; throws CodedError invalid_input. */
export function vaultKey(server: string, kind: string): VaultKey {
  const parsed = VaultKeySchema.safeParse({ server, kind });
  if (!parsed.success) throw invalidKey(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/** The string form `server/kind`, used in the vault file and for display. */
export function formatVaultKey(key: VaultKey): string {
  return `${key.server}/${key.kind}`;
}

/** Parses `server/kind` (the server part never contains `/`). Throws CodedError invalid_input. */
export function parseVaultKey(text: string): VaultKey {
  const slash = text.indexOf('/');
  if (slash <= 0) throw invalidKey(`"${text}" has no "<server>/" prefix`);
  return vaultKey(text.slice(0, slash), text.slice(slash + 1));
}

/** Like parseVaultKey, but undefined instead of an error. */
export function tryParseVaultKey(text: string): VaultKey | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0) return undefined;
  const parsed = VaultKeySchema.safeParse({ server: text.slice(0, slash), kind: text.slice(slash + 1) });
  return parsed.success ? parsed.data : undefined;
}

/** The key of a named secret: global by default, or scoped to one server. */
export function secretKey(name: string, server: string = GLOBAL_SERVER): VaultKey {
  if (!SECRET_NAME_PATTERN.test(name)) {
    throw invalidKey(`secret name "${name}" must be 1-128 letters, digits, "_", "." or "-"`);
  }
  return vaultKey(server, `secret:${name}`);
}

/** The NAME of a `secret:NAME` kind, else undefined. */
export function secretNameOf(key: VaultKey): string | undefined {
  return key.kind.startsWith('secret:') ? key.kind.slice('secret:'.length) : undefined;
}

/** Which secret an entry is, in a few words (`GITHUB_TOKEN`, `API key of github`): never its value. */
export function describeVaultKey(key: VaultKey): string {
  const name = secretNameOf(key);
  if (name !== undefined) return key.server === GLOBAL_SERVER ? name : `${name} of ${key.server}`;
  const base = key.kind.split(':')[0];
  const what = base === 'tokens' ? 'sign-in token' : base === 'apiKey' ? 'API key' : 'client secret';
  return `${what} of ${key.server}`;
}

/** Where a value of this entry came from, for redaction's words: a tokens entry holds a sign-in's tokens. */
export function vaultSource(key: VaultKey): SecretSource {
  return key.kind.split(':')[0] === 'tokens' ? { from: 'sign-in', server: key.server } : { from: 'vault', name: describeVaultKey(key) };
}

export function sameVaultKey(a: VaultKey, b: VaultKey): boolean {
  return a.server === b.server && a.kind === b.kind;
}
