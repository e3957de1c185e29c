import path from 'node:path';
import { isStdio, type ServerConfig } from '../../shared/config';
import type { CredentialFileKind, ImportedCredentialFile } from '../../shared/api';
import { readRegularFile } from '../fs-safe';
import type { SecretSink } from './import-secrets';

/** Env names that by convention name a credential or token file (Google's client libraries, Gmail servers, …). */
const FILE_VARIABLE = /^(GOOGLE_APPLICATION_CREDENTIALS|GOOGLE_OAUTH_CREDENTIALS|GMAIL_TOKEN_PATH|GMAIL_CREDENTIALS_PATH|.*_TOKEN_PATH|.*_TOKEN_FILE|.*_CREDENTIALS(_PATH|_FILE)?|.*_KEY_FILE|.*_KEY_PATH)$/;
/** The vault's bound on one value (shared/api `setSecret`). */
const MAX_BYTES = 64 * 1024;

export interface CredentialFileOptions {
  homeDir: string;
}

/** What a file's JSON says it is; undefined for JSON that holds no credential. */
export function classifyCredential(text: string): CredentialFileKind | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const json = parsed as Record<string, unknown>;
  if (json['type'] === 'service_account' && typeof json['private_key'] === 'string') return 'service_account';
  if (json['type'] === 'authorized_user' || (typeof json['refresh_token'] === 'string' && typeof json['client_id'] === 'string')) return 'authorized_user';
  for (const client of [json['installed'], json['web']]) {
    if (client !== null && typeof client === 'object' && 'client_secret' in client) return 'oauth_client';
  }
  if (typeof json['access_token'] === 'string' || typeof json['refresh_token'] === 'string' || typeof json['token'] === 'string') return 'token';
  if (typeof json['client_secret'] === 'string' || typeof json['private_key'] === 'string' || typeof json['api_key'] === 'string') return 'credential';
  return undefined;
}

/** The file a literal env value names: absolute, `~/…`, or relative to the entry's cwd; undefined otherwise. */
function fileOf(value: string, config: ServerConfig, options: CredentialFileOptions): string | undefined {
  if (value.includes('${') || value.includes('\n') || value.length > 4096) return undefined;
  if (value.startsWith('~/')) return path.join(options.homeDir, value.slice(2));
  if (path.isAbsolute(value)) return value;
  const cwd = isStdio(config) ? config.cwd : undefined;
  if (cwd !== undefined && path.isAbsolute(cwd) && /[\\/]|\.json$/.test(value)) return path.resolve(cwd, value);
  return undefined;
}

const PROBLEMS = {
  unreadable: 'the file does not exist or cannot be read',
  not_regular: 'not a regular file',
  empty: 'the file is empty',
  too_large: 'larger than 64 KiB',
} as const;

/** A small text file's content; a problem when missing, not a regular file (never opened then), too large or not text. */
async function readSmallText(file: string): Promise<{ text?: string; problem?: string }> {
  const read = await readRegularFile(file, MAX_BYTES);
  if ('problem' in read) return { problem: PROBLEMS[read.problem] };
  if (read.bytes.includes(0)) return { problem: 'not a text file' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(read.bytes) };
  } catch {
    return { problem: 'not a text file' };
  }
}

function secretName(server: string, variable: string): string {
  return `${server}_${variable}`.toUpperCase().replace(/[^A-Z0-9_.-]+/g, '_').slice(0, 128);
}

const NOTES: Partial<Record<CredentialFileKind, string>> = {
  authorized_user:
    'an OAuth sign-in (authorized_user) holding a refresh token: a `credentialFile` with a sign-in keeps that token in the vault and refreshes it there; with ${secretFile:…} the program refreshes on its own and a token it rewrites is lost when it stops',
  token: 'a token the program may rewrite when it refreshes: a `credentialFile` with a sign-in is the better home',
};

/**
 * Env variables of an imported stdio entry that name a credential or token file: by their name, or by
 * a file that parses as credential JSON. With `move`, the file's content goes into the vault and the
 * variable becomes `${secretFile:NAME}`; the original file is left where it is. Contents are never reported.
 */
export async function importCredentialFiles(
  server: string,
  config: ServerConfig,
  options: CredentialFileOptions & { sink: SecretSink | undefined; move: boolean },
): Promise<{ config: ServerConfig; found: ImportedCredentialFile[] }> {
  if (!isStdio(config) || !config.env) return { config, found: [] };
  const found: ImportedCredentialFile[] = [];
  const env = { ...config.env };
  for (const [variable, value] of Object.entries(config.env)) {
    const file = fileOf(value, config, options);
    if (file === undefined) continue;
    const byName = FILE_VARIABLE.test(variable);
    const { text, problem } = await readSmallText(file);
    const kind = text === undefined ? undefined : (classifyCredential(text) ?? (byName ? 'credential' : undefined));
    if (!byName && kind === undefined) continue;
    const note = kind === undefined ? undefined : NOTES[kind];
    const base = { server, variable, file, ...(kind !== undefined ? { kind } : {}), ...(note !== undefined ? { note } : {}) };
    if (text === undefined || kind === undefined) {
      found.push({ ...base, moved: false, problem: problem ?? 'not a credential file' });
      continue;
    }
    if (!options.move || !options.sink) {
      found.push({ ...base, moved: false });
      continue;
    }
    const secret = await options.sink(server, secretName(server, variable), text);
    env[variable] = `\${secretFile:${secret}}`;
    found.push({ ...base, moved: true, secret });
  }
  return { config: found.some((f) => f.moved) ? { ...config, env } : config, found };
}
