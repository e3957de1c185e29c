import type { RJSFSchema } from '@rjsf/utils';
import { isStdio, type ServerConfig } from '../../../shared/config';
import type { ServerPlan } from '../../../shared/catalog';
import { customServicePlan, type CustomServiceData, type Pair } from '../catalog/custom-service-plan';
import { CUSTOM_SERVICE_SCHEMA } from '../catalog/custom-service-schema';

const REFERENCE = /^\$\{secret:([A-Za-z0-9_.-]{1,128})\}$/;

function pairsOf(record: Record<string, string> | undefined): Pair[] | undefined {
  if (!record) return undefined;
  return Object.entries(record).map(([name, value]) => {
    const stored = REFERENCE.exec(value)?.[1];
    return stored !== undefined ? { name, value: '', stored } : { name, value };
  });
}

/** The edit form's values: the custom service's, and the entry's `pinning.acceptNewTools` (docs/configuration.md, "Pinned tools"). */
export type EditServiceData = CustomServiceData & { acceptNewTools?: boolean };

/** A server's entry as the edit form's values: `${secret:NAME}` variables and headers show as picked secrets. */
export function formDataOf(config: ServerConfig): EditServiceData {
  const base: EditServiceData = {
    ...(config.description !== undefined ? { description: config.description } : {}),
    ...(config.pinning?.acceptNewTools === true ? { acceptNewTools: true } : {}),
  };
  if (isStdio(config)) {
    const env = pairsOf(config.env);
    return {
      ...base,
      transport: 'stdio',
      command: config.command,
      ...(config.args ? { args: [...config.args] } : {}),
      ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
      ...(env ? { env } : {}),
    };
  }
  const headers = pairsOf(config.headers);
  const auth = config.auth;
  const data: EditServiceData = { ...base, transport: 'http', url: config.url, auth: auth?.type ?? 'none', ...(headers ? { headers } : {}) };
  if (auth && (auth.type === 'oauth' || auth.type === 'device' || auth.type === 'client_credentials')) {
    if (auth.clientId !== undefined) data.clientId = auth.clientId;
    if (auth.scopes) data.scopes = auth.scopes.join(' ');
  }
  if (auth?.type === 'api_key') {
    if (auth.header !== undefined) data.header = auth.header;
    if (auth.scheme !== undefined) data.scheme = auth.scheme;
  }
  return data;
}

type Schema = Record<string, unknown>;

/**
 * The custom service form without the name (it is the server's key), with a picker of the vault's
 * secrets beside every variable and header, and the stored API key or client secret kept when left empty.
 */
export function editServiceSchema(secretNames: readonly string[]): RJSFSchema {
  const schema = structuredClone(CUSTOM_SERVICE_SCHEMA) as Schema;
  const properties = schema['properties'] as Schema;
  delete properties['name'];
  schema['required'] = ['transport'];
  const pair = (schema['definitions'] as Schema)['pair'] as Schema;
  pair['required'] = ['name'];
  if (secretNames.length > 0) {
    (pair['properties'] as Schema)['stored'] = {
      type: 'string',
      title: 'Or a secret in the vault',
      description: 'Used as ${secret:NAME}; the value above is then ignored.',
      enum: [...new Set(secretNames)].sort(),
    };
  }
  const http = ((((schema['dependencies'] as Schema)['transport'] as Schema)['oneOf'] as Schema[])[1]) as Schema;
  for (const branch of ((http['dependencies'] as Schema)['auth'] as Schema)['oneOf'] as Schema[]) {
    const fields = branch['properties'] as Schema;
    for (const key of ['apiKey', 'clientSecret']) {
      const field = fields[key] as Schema | undefined;
      if (!field) continue;
      delete field['minLength'];
      field['description'] = 'Leave empty to keep the one stored in the vault.';
    }
    if (Array.isArray(branch['required'])) branch['required'] = (branch['required'] as string[]).filter((k) => k !== 'apiKey' && k !== 'clientSecret');
  }
  properties['acceptNewTools'] = {
    type: 'boolean',
    title: 'Accept new tools without review',
    description: 'Off: a tool or prompt the service adds waits for your review before agents see it. On: new ones reach agents at once; a changed one still waits for you.',
  };
  return schema;
}

/** The edit form adds nothing: its submit reviews the change, which is then saved. */
export const SAVE_AGAIN = 'Fix that field, then review the changes and save again.';

const KEPT_FIELDS = ['enabled', 'timeoutMs', 'timeouts', 'startupTimeoutMs', 'idleTimeoutMs', 'tools', 'roots'] as const;

/**
 * The edited entry: the form's fields over the entry as it was. What the form does not show
 * (enabled, timeouts, tool rules, other OAuth settings) is kept; an API key or client secret left
 * empty keeps its reference, so nothing is stored anew.
 */
export function editedPlan(name: string, before: ServerConfig, data: EditServiceData): ServerPlan {
  const { acceptNewTools, ...service } = data;
  const plan = customServicePlan({ ...service, name }, SAVE_AGAIN);
  const config: Record<string, unknown> = { ...plan.config };
  for (const key of KEPT_FIELDS) if (before[key] !== undefined) config[key] = before[key];
  const { acceptNewTools: _was, ...otherPinning } = before.pinning ?? {};
  const pinning = acceptNewTools === true ? { ...otherPinning, acceptNewTools: true } : otherPinning;
  if (Object.keys(pinning).length > 0) config['pinning'] = pinning;
  let secrets = plan.secrets;
  const was = before.auth;
  const now = 'auth' in plan.config ? plan.config.auth : undefined;
  if (was && now && was.type === now.type) {
    if (now.type === 'api_key' && (data.apiKey ?? '') === '') {
      secrets = secrets.filter((s) => s.name !== 'API_KEY');
      const { key: _dropped, ...rest } = now;
      config['auth'] = was.type === 'api_key' && was.key !== undefined ? { ...rest, key: was.key } : rest;
    } else if (now.type === 'client_credentials' && (data.clientSecret ?? '') === '' && was.type === 'client_credentials') {
      secrets = secrets.filter((s) => s.name !== 'CLIENT_SECRET');
      config['auth'] = { ...now, clientSecret: was.clientSecret };
    } else if ((now.type === 'oauth' || now.type === 'device') && (was.type === 'oauth' || was.type === 'device')) {
      const { clientId: _id, scopes: _scopes, ...others } = was;
      config['auth'] = { ...others, ...now };
    }
  }
  return { name, config: config as ServerConfig, secrets };
}

export interface DiffRow {
  field: string;
  before?: string;
  after?: string;
}

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, path === '' ? key : `${path}.${key}`, out);
  } else out.set(path, typeof value === 'string' ? value : JSON.stringify(value));
}

/** What changed between two entries, field by field (`args[1]`, `env.TOKEN`), in the entries' order. */
export function configDiff(before: ServerConfig, after: ServerConfig): DiffRow[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const rows: DiffRow[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(field);
    const now = b.get(field);
    if (was === now) continue;
    rows.push({ field, ...(was !== undefined ? { before: was } : {}), ...(now !== undefined ? { after: now } : {}) });
  }
  return rows;
}

/** Whether the change touches what a command approval covers (command, arguments, folder, environment). */
export function changesApproval(rows: readonly DiffRow[]): boolean {
  return rows.some((row) => /^(command|args|cwd|env|type)(\.|\[|$)/.test(row.field));
}
