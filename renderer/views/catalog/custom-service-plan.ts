import type { HttpServerConfig, StdioServerConfig } from '../../../shared/config';
import { HttpServerSchema, looksLikeCommandLine, secretEnv, splitCommandLine, StdioServerSchema } from '../../../shared/config';
import { API_KEY_SECRET, secretReference, type PlannedSecret, type ServerPlan } from '../../../shared/catalog';
import { CodedError, ENTRY_FIELDS, fixInField, type EntryField } from '../../../shared/errors';
import { entryFieldName } from '../../lib';

export interface Pair {
  name?: string;
  value?: string;
  secret?: boolean;
  /** A secret already in the vault: the value becomes `${secret:stored}`. */
  stored?: string;
}

/** What the custom service form produces (rjsf leaves untouched optional fields out). */
export interface CustomServiceData {
  name?: string;
  description?: string;
  transport?: 'stdio' | 'http';
  command?: string;
  args?: string[];
  cwd?: string;
  env?: Pair[];
  url?: string;
  auth?: 'none' | 'oauth' | 'device' | 'api_key' | 'client_credentials';
  headers?: Pair[];
  clientId?: string;
  clientSecret?: string;
  apiKey?: string;
  header?: string;
  scheme?: string;
  scopes?: string;
}

/** Secret names must be vault-safe; a header like "X-Api-Key" already is. */
function secretName(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128) || 'SECRET';
}

function pairs(list: Pair[] | undefined, secrets: PlannedSecret[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const pair of list ?? []) {
    const name = pair.name?.trim() ?? '';
    if (name === '') continue;
    const value = pair.value ?? '';
    if (pair.stored !== undefined && pair.stored !== '') out[name] = secretReference(pair.stored);
    else if (pair.secret === true && value !== '') {
      const secret = secretName(name);
      secrets.push({ name: secret, value });
      out[name] = secretReference(secret);
    } else out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function scopesOf(text: string | undefined): string[] | undefined {
  const scopes = (text ?? '').split(/\s+/).filter(Boolean);
  return scopes.length > 0 ? scopes : undefined;
}

function httpConfig(data: CustomServiceData, secrets: PlannedSecret[]): HttpServerConfig {
  const config: HttpServerConfig = { type: 'http', url: (data.url ?? '').trim() };
  const headers = pairs(data.headers, secrets);
  if (headers) config.headers = headers;
  const scopes = scopesOf(data.scopes);
  const clientId = data.clientId?.trim();
  switch (data.auth ?? 'none') {
    case 'oauth':
    case 'device':
      config.auth = { type: data.auth === 'device' ? 'device' : 'oauth', ...(clientId ? { clientId } : {}), ...(scopes ? { scopes } : {}) };
      break;
    case 'api_key':
      secrets.push({ name: API_KEY_SECRET, value: data.apiKey ?? '' });
      config.auth = {
        type: 'api_key',
        key: secretReference(API_KEY_SECRET),
        ...(data.header?.trim() ? { header: data.header.trim() } : {}),
        ...(data.scheme?.trim() ? { scheme: data.scheme.trim() } : {}),
      };
      break;
    case 'client_credentials':
      secrets.push({ name: 'CLIENT_SECRET', value: data.clientSecret ?? '' });
      config.auth = { type: 'client_credentials', clientId: clientId ?? '', clientSecret: secretReference('CLIENT_SECRET'), ...(scopes ? { scopes } : {}) };
      break;
    case 'none':
      break;
  }
  return config;
}

/**
 * A whole command line typed or pasted in the command box (`npx -y pkg /tmp`, `FOO=1 node s.js`)
 * split by shell rules into the program, arguments before the ones listed, variables and folder;
 * undefined when the box holds one program name (or something a shell would be needed for).
 */
export function splitCommandField(data: CustomServiceData): CustomServiceData | undefined {
  const command = (data.command ?? '').trim();
  if (data.transport === 'http' || !looksLikeCommandLine(command)) return undefined;
  const split = splitCommandLine(command);
  // A variable that holds a credential (by its name or its value's shape, as `servers add` judges it) goes to the vault, as Paste does.
  const env = Object.entries(split.env).map(([name, value]): Pair => ({ name, value, ...(secretEnv(name, value) ? { secret: true } : {}) }));
  return {
    ...data,
    command: split.command,
    args: [...split.args, ...(data.args ?? []).filter((a) => a !== '')],
    ...(env.length > 0 ? { env: [...env, ...(data.env ?? [])] } : {}),
    ...(split.cwd !== undefined && (data.cwd ?? '') === '' ? { cwd: split.cwd } : {}),
  };
}

function stdioConfig(data: CustomServiceData, secrets: PlannedSecret[]): StdioServerConfig {
  const whole = splitCommandField(data) ?? data;
  const config: StdioServerConfig = { command: (whole.command ?? '').trim() };
  const args = (whole.args ?? []).filter((a) => a !== '');
  if (args.length > 0) config.args = args;
  const env = pairs(whole.env, secrets);
  if (env) config.env = env;
  const cwd = whole.cwd?.trim();
  if (cwd) config.cwd = cwd;
  return config;
}

/** What the add form asks once a field is fixed; the edit form, whose submit reviews the change, says its own. */
export const ADD_AGAIN = 'Fix that field and add the service again.';

/**
 * The entry's field a problem's path is in, as an entry error names it (`data.field`, `data.index`), so the
 * form marks it; a variable by its row in the form, whose Name input is marked.
 */
function fieldData(path: readonly PropertyKey[], rows: readonly Pair[] | undefined): ReturnType<typeof fixInField> | undefined {
  const [field, key] = path;
  if (!(ENTRY_FIELDS as readonly unknown[]).includes(field)) return undefined;
  if (field === 'env' && typeof key === 'string') {
    const row = (rows ?? []).findIndex((pair) => pair.name?.trim() === key);
    return fixInField('env', row < 0 ? undefined : row);
  }
  return fixInField(field as EntryField, field === 'args' && typeof key === 'number' ? key : undefined);
}

/** The custom form's values as a config with `${secret:…}` references plus the secrets to store. */
export function customServicePlan(data: CustomServiceData, hint = ADD_AGAIN): ServerPlan {
  const secrets: PlannedSecret[] = [];
  const config = data.transport === 'http' ? httpConfig(data, secrets) : stdioConfig(data, secrets);
  const description = data.description?.trim();
  if (description) config.description = description;
  const parsed = (data.transport === 'http' ? HttpServerSchema : StdioServerSchema).safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    // Named by the form's label (Argument 2), never by its path in mcp.json (`args.1`).
    const named = entryFieldName(where);
    const label = named === undefined ? where : `${named.words}${named.name !== undefined ? ` ${named.name}` : ''}`;
    const at = fieldData(issue?.path ?? [], data.env);
    // A key's own check says the key again (`the key "X": …`); the label has named it already.
    const said = named?.name !== undefined ? issue?.message.replace(`the key "${named.name}": `, '') : issue?.message;
    throw new CodedError('invalid_input', `${label === '' ? 'The service' : label}: ${said ?? 'is not valid'}`, { hint, ...(at ? { data: at } : {}) });
  }
  return { name: (data.name ?? '').trim(), config, secrets };
}
