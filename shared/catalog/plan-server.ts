import { HttpServerSchema, StdioServerSchema, type HttpServerConfig, type StdioServerConfig } from '../config';
import { CodedError } from '../errors';
import { ABSOLUTE_PATH, type CatalogEntry, type HttpCatalogEntry, type StdioCatalogEntry } from './catalog-schema';

/** What the person typed in when adding a catalog entry: input values by id, and the API key. */
export interface CatalogChoice {
  values?: Readonly<Record<string, string>>;
  apiKey?: string;
  /**
   * Secrets already in the vault chosen instead of a value, by the secret input's id (`apiKey` for the
   * API key): the entry refers to the vault secret of that name, and nothing new is stored.
   */
  stored?: Readonly<Record<string, string>>;
}

/** The vault secret chosen for a secret field, if one was. */
function storedFor(choice: CatalogChoice, id: string): string | undefined {
  const name = choice.stored?.[id]?.trim();
  return name === undefined || name === '' ? undefined : name;
}

/** A secret to store (scoped to the new server) before the server is added. */
export interface PlannedSecret {
  name: string;
  value: string;
}

export interface ServerPlan {
  name: string;
  config: StdioServerConfig | HttpServerConfig;
  secrets: PlannedSecret[];
}

export const API_KEY_SECRET = 'API_KEY';

/** How mcp.json refers to a vault secret (resolved by the core just before use). */
export function secretReference(name: string): string {
  return `\${secret:${name}}`;
}

/** How mcp.json hands a vault secret to a program that wants a file path (a key file). */
export function secretFileReference(name: string): string {
  return `\${secretFile:${name}}`;
}

function missing(label: string): CodedError {
  return new CodedError('invalid_input', `${label} is required`, { hint: `Fill in “${label}”.` });
}

function notAbsolute(label: string, value: string): CodedError {
  return new CodedError('invalid_input', `${label} must be an absolute path, not "${value.slice(0, 80)}"`, {
    hint: `Give the whole path, e.g. /home/you/notes: the program runs in the app's own folder, and ~ is not expanded here.`,
  });
}

function planHttp(entry: HttpCatalogEntry, choice: CatalogChoice): { config: HttpServerConfig; secrets: PlannedSecret[] } {
  const config: HttpServerConfig = { type: 'http', url: entry.url, description: entry.description };
  const secrets: PlannedSecret[] = [];
  if (entry.auth === 'oauth' || entry.auth === 'device') config.auth = { type: entry.auth };
  if (entry.auth === 'api_key') {
    const stored = storedFor(choice, 'apiKey');
    const key = choice.apiKey?.trim() ?? '';
    if (key === '' && stored === undefined && entry.apiKey?.optional !== true) throw missing(entry.apiKey?.label ?? 'API key');
    if (key !== '' || stored !== undefined) {
      if (stored === undefined) secrets.push({ name: API_KEY_SECRET, value: key });
      config.auth = {
        type: 'api_key',
        key: secretReference(stored ?? API_KEY_SECRET),
        ...(entry.apiKey?.header !== undefined ? { header: entry.apiKey.header } : {}),
        ...(entry.apiKey?.scheme !== undefined ? { scheme: entry.apiKey.scheme } : {}),
      };
    }
  }
  if (entry.auth === 'client_credentials') {
    const clientId = choice.values?.['clientId']?.trim() ?? '';
    const clientSecret = choice.values?.['clientSecret'] ?? '';
    if (clientId === '') throw missing('Client ID');
    if (clientSecret === '') throw missing('Client secret');
    secrets.push({ name: 'CLIENT_SECRET', value: clientSecret });
    config.auth = { type: 'client_credentials', clientId, clientSecret: secretReference('CLIENT_SECRET') };
  }
  return { config, secrets };
}

function planStdio(entry: StdioCatalogEntry, choice: CatalogChoice): { config: StdioServerConfig; secrets: PlannedSecret[] } {
  const args = [...entry.args];
  const env: Record<string, string> = {};
  const secrets: PlannedSecret[] = [];
  for (const input of entry.inputs ?? []) {
    const stored = input.secret ? storedFor(choice, input.id) : undefined;
    if (stored !== undefined) {
      const written = input.file === true ? secretFileReference(stored) : secretReference(stored);
      if (input.target.kind === 'arg') args.push(written);
      else env[input.target.name] = written;
      continue;
    }
    const raw = choice.values?.[input.id] ?? '';
    const value = input.secret ? raw : raw.trim();
    if (value === '') {
      if (input.required) throw missing(input.label);
      continue;
    }
    if (input.absolutePath === true && !ABSOLUTE_PATH.test(value)) throw notAbsolute(input.label, value);
    let written = value;
    if (input.secret) {
      secrets.push({ name: input.id, value });
      written = input.file === true ? secretFileReference(input.id) : secretReference(input.id);
    }
    if (input.target.kind === 'arg') args.push(written);
    else env[input.target.name] = written;
  }
  const config: StdioServerConfig = { command: entry.command, args, description: entry.description };
  if (Object.keys(env).length > 0) config.env = env;
  return { config, secrets };
}

/**
 * The mcp.json entry and vault secrets for adding a catalog entry under `name`. Secret values go to
 * the vault; the config only holds `${secret:NAME}` references. Throws CodedError invalid_input when
 * a required value is missing or the result is not a valid server config.
 */
export function planCatalogServer(entry: CatalogEntry, name: string, choice: CatalogChoice = {}): ServerPlan {
  const planned = entry.transport === 'http' ? planHttp(entry, choice) : planStdio(entry, choice);
  const parsed = (entry.transport === 'http' ? HttpServerSchema : StdioServerSchema).safeParse(planned.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CodedError('invalid_input', `The resulting config is not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(), {
      hint: 'Check the values you entered.',
    });
  }
  return { name, config: planned.config, secrets: planned.secrets };
}
