import { z } from 'zod';
import { isCodeLoadingEnv } from './code-env';

/**
 * `${token}` (this entry's own credential) or `${token:SERVER}` (another server's) in a stdio server's
 * env or args: the current access token (or API key) at spawn. `$${token}` stands for a literal `${token}`.
 */
const TOKEN_PLACEHOLDER = /(\$?)\$\{token(?::([^}]*))?\}/g;
const SERVER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

export interface TokenPlaceholder {
  /** The server named (`${token:SERVER}`); undefined for the entry's own (`${token}`). */
  server: string | undefined;
  text: string;
}

/** Every `${token…}` placeholder in `value`, escaped ones excluded. */
export function findTokenPlaceholders(value: string): TokenPlaceholder[] {
  const found: TokenPlaceholder[] = [];
  for (const [text, escape, server] of value.matchAll(TOKEN_PLACEHOLDER)) {
    if (escape !== '$') found.push({ server, text });
  }
  return found;
}

/** Replaces each placeholder with `tokenOf(server)` (undefined = the entry's own); `$${token}` becomes `${token}`. */
export function replaceTokenPlaceholders(value: string, tokenOf: (server: string | undefined) => string): string {
  return value.replace(TOKEN_PLACEHOLDER, (text: string, escape: string, server: string | undefined) => (escape === '$' ? text.slice(1) : tokenOf(server)));
}

export const CREDENTIAL_FORMATS = ['token', 'json', 'google_authorized_user'] as const;
export type CredentialFormat = (typeof CREDENTIAL_FORMATS)[number];

/**
 * `credentialFile`: the app writes the entry's credential to a private file of its own (0600, outside the
 * config folder) and names it to the program in the environment variable `env`.
 */
export const CredentialFileSchema = z.strictObject({
  env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'must be an environment variable name')
    .refine((name) => !isCodeLoadingEnv(name), 'names a variable that decides what code runs; choose another'),
  /**
   * `token`: the bare access token; `json`: {access_token, token_type, expires_at, scope}; `google_authorized_user`:
   * Google's client-library format (client id and secret, refresh token): the program refreshes by itself.
   */
  format: z.enum(CREDENTIAL_FORMATS),
});
export type CredentialFile = z.infer<typeof CredentialFileSchema>;

interface DeliveryFields {
  args?: string[] | undefined;
  env?: Record<string, string> | undefined;
  auth?: { type: string } | undefined;
  credentialFile?: CredentialFile | undefined;
}

/**
 * A stdio server's credential must reach the program: an `auth` with neither `${token}` nor `credentialFile`
 * would be silently unused, and either of those without an `auth` has nothing to deliver.
 */
export function checkStdioDelivery(config: DeliveryFields, ctx: z.RefinementCtx): void {
  const places: [(string | number)[], string][] = [
    ...(config.args ?? []).map((arg, i): [(string | number)[], string] => [['args', i], arg]),
    ...Object.entries(config.env ?? {}).map(([name, value]): [(string | number)[], string] => [['env', name], value]),
  ];
  const authed = config.auth !== undefined && config.auth.type !== 'none';
  let own = false;
  for (const [path, value] of places) {
    for (const placeholder of findTokenPlaceholders(value)) {
      if (placeholder.server === undefined) {
        own = true;
        if (!authed) ctx.addIssue({ code: 'custom', path, message: `${placeholder.text} needs an "auth" block on this server (or name another server: \${token:SERVER})` });
      } else if (!SERVER.test(placeholder.server)) {
        ctx.addIssue({ code: 'custom', path, message: `${placeholder.text} does not name a server` });
      }
    }
  }
  const file = config.credentialFile;
  if (file && !authed) ctx.addIssue({ code: 'custom', path: ['credentialFile'], message: 'needs an "auth" block on this server: it says what credential the file holds' });
  if (file && config.env?.[file.env] !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['credentialFile', 'env'], message: `"${file.env}" is also set in "env"; the app sets it to the file's path` });
  }
  if (file?.format === 'google_authorized_user' && config.auth && config.auth.type !== 'oauth' && config.auth.type !== 'device') {
    ctx.addIssue({ code: 'custom', path: ['credentialFile', 'format'], message: 'holds a refresh token, so it needs "auth" of type "oauth" or "device"' });
  }
  if (authed && !own && !file) {
    ctx.addIssue({
      code: 'custom',
      path: ['auth'],
      message: 'a program on this computer gets its credential through "${token}" in "env" or "args", or through "credentialFile"; add one',
    });
  }
}
