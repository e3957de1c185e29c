import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpServerSchema, StdioServerSchema, type HttpServerConfig, type ServerConfig, type StdioServerConfig } from '../../../shared/config';
import { commandFingerprint, httpFingerprint, HTTP_UNSENT_FIELDS, NOT_RUN_FIELDS, sendsSecret } from '../../registry';
import { approvalCommandLine } from './shown-command';

/**
 * Every string field of an entry's schema, found by walking the schema itself (not a list kept by
 * hand), so a field added later is tested the day it is added: a reference written there is part of
 * what the person approves and is shown in the approval, unless the field is one we never resolve.
 */
type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  required?: string[];
  minimum?: number;
  pattern?: string;
};

type Step = { key: string } | { item: true } | { anyKey: true };
interface StringSite {
  path: Step[];
  /** The object the site's variant needs around it (a discriminated union's required fields). */
  variant: Record<string, unknown> | undefined;
  variantAt: number;
  /** The field's own pattern, when the schema gives one: a field no reference fits cannot carry one. */
  pattern?: string;
}

/** A minimal value of the schema: its const, first enum, minimum, or an object of its required fields. */
function minimal(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  if (schema.type === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const inner = schema.properties?.[key];
      if (inner) out[key] = minimal(inner);
    }
    return out;
  }
  return 'https://as.example.com/x';
}

function sites(schema: JsonSchema, path: Step[], variant: StringSite['variant'], variantAt: number, out: StringSite[]): void {
  for (const choice of schema.oneOf ?? schema.anyOf ?? []) sites(choice, path, minimal(choice) as Record<string, unknown>, path.length, out);
  if (schema.type === 'string' && schema.const === undefined && schema.enum === undefined) out.push({ path, variant, variantAt, ...(schema.pattern !== undefined ? { pattern: schema.pattern } : {}) });
  for (const [key, inner] of Object.entries(schema.properties ?? {})) sites(inner, [...path, { key }], variant, variantAt, out);
  if (typeof schema.additionalProperties === 'object') sites(schema.additionalProperties, [...path, { anyKey: true }], variant, variantAt, out);
  if (schema.items) sites(schema.items, [...path, { item: true }], variant, variantAt, out);
}

function stringSites(schema: z.ZodType): StringSite[] {
  const out: StringSite[] = [];
  sites(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, [], undefined, 0, out);
  // `fromRegistry` (a registry server's name, its pattern fits no reference) is a marker, never resolved:
  // in the fingerprint (removing it asks again), not shown. Other patterned fields stay tested as before.
  return out.filter((site) => !(label(site.path) === 'fromRegistry' && site.pattern !== undefined && !new RegExp(site.pattern).test('${secret:ALPHA_TOKEN}')));
}

function label(path: Step[]): string {
  return path.map((step) => ('key' in step ? step.key : 'item' in step ? '[]' : '*')).join('.');
}

/** `base` with `value` written at the site (its variant's required fields around it). */
function withValue<T extends ServerConfig>(base: T, site: StringSite, value: string): T {
  const root: Record<string, unknown> = structuredClone(base);
  let node: Record<string, unknown> | unknown[] = root;
  site.path.forEach((step, i) => {
    const last = i === site.path.length - 1;
    const next = (): Record<string, unknown> | unknown[] => {
      const upcoming = site.path[i + 1];
      if (i + 1 === site.variantAt && site.variant) return structuredClone(site.variant);
      return upcoming !== undefined && 'item' in upcoming ? [] : {};
    };
    if (Array.isArray(node)) {
      if (last) node.push(value);
      else {
        const child = next();
        node.push(child);
        node = child;
      }
      return;
    }
    const key = 'key' in step ? step.key : 'X_FIELD';
    if (last) node[key] = value;
    else {
      const child = (i + 1 === site.variantAt && site.variant ? structuredClone(site.variant) : (node[key] as Record<string, unknown> | undefined)) ?? next();
      node[key] = child;
      node = child;
    }
  });
  return root as T;
}

const A = 'x ${secret:ALPHA_TOKEN} y';
const B = 'x ${secret:BETA_TOKEN} y';

describe('every field that can carry a reference is part of the approval', () => {
  it('leaves out exactly the fields that are never resolved nor sent', () => {
    // Changing these lists is a decision about what the person approves: it is made here, in review.
    expect([...HTTP_UNSENT_FIELDS].sort()).toEqual(['description', 'enabled', 'idleTimeoutMs', 'pinning', 'roots', 'startupTimeoutMs', 'timeoutMs', 'timeouts', 'tools', 'type']);
    expect([...NOT_RUN_FIELDS].sort()).toEqual(['auth', 'description', 'enabled', 'idleTimeoutMs', 'pinning', 'roots', 'startupTimeoutMs', 'timeoutMs', 'timeouts', 'tools', 'type']);
  });

  const http: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp' };
  const httpSites = stringSites(HttpServerSchema).filter((site) => {
    const top = site.path[0];
    return top !== undefined && 'key' in top && !HTTP_UNSENT_FIELDS.has(top.key);
  });

  it('finds the string fields of an HTTP entry, the auth blocks\u2019 included', () => {
    const names = httpSites.map((site) => label(site.path));
    for (const expected of ['url', 'headers.*', 'auth.clientSecret', 'auth.clientId', 'auth.authServerMetadataUrl', 'auth.key', 'auth.scopes.[]']) expect(names).toContain(expected);
  });

  it.each(httpSites.map((site) => [label(site.path) + (site.variant ? ` (${String(site.variant['type'])})` : ''), site] as const))(
    'HTTP %s: a reference there needs approval, is in the fingerprint and is shown',
    (_name, site) => {
      const withA = withValue(http, site, A);
      const withB = withValue(http, site, B);
      expect(sendsSecret(withA)).toBe(true);
      expect(httpFingerprint(withA)).not.toBe(httpFingerprint(withB));
      expect(approvalCommandLine(withA)).toContain('${secret:ALPHA_TOKEN}');
    },
  );

  const stdio: StdioServerConfig = { command: 'server-x' };
  const stdioSites = stringSites(StdioServerSchema).filter((site) => {
    const top = site.path[0];
    return top !== undefined && 'key' in top && (!NOT_RUN_FIELDS.has(top.key) || top.key === 'auth');
  });

  it('counts the registry marker in a stdio entry\'s fingerprint: removing it (to escape the registry\'s mount re-check) asks again', () => {
    const marked: StdioServerConfig = { command: 'docker', args: ['run', 'x'], fromRegistry: 'io.github.owner/name' };
    const { fromRegistry: _marker, ...unmarked } = marked;
    expect(commandFingerprint(marked)).not.toBe(commandFingerprint(unmarked));
  });

  it('finds the string fields of a stdio entry, the auth blocks\u2019 included', () => {
    const names = stdioSites.map((site) => label(site.path));
    for (const expected of ['command', 'args.[]', 'env.*', 'cwd', 'auth.clientSecret', 'auth.issuer', 'auth.key']) expect(names).toContain(expected);
  });

  it.each(stdioSites.map((site) => [label(site.path) + (site.variant ? ` (${String(site.variant['type'])})` : ''), site] as const))(
    'stdio %s: a reference there is in the fingerprint and is shown',
    (_name, site) => {
      const withA = withValue(stdio, site, A);
      const withB = withValue(stdio, site, B);
      expect(commandFingerprint(withA)).not.toBe(commandFingerprint(withB));
      expect(approvalCommandLine(withA)).toContain('${secret:ALPHA_TOKEN}');
    },
  );
});

describe('where the approval says a client secret goes', () => {
  it('names the authorization server and the client', () => {
    const entry: HttpServerConfig = {
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      auth: { type: 'client_credentials', clientId: 'x', clientSecret: '${secret:GITHUB_TOKEN}', authServerMetadataUrl: 'http://127.0.0.1:9/as-meta' },
    };
    expect(sendsSecret(entry)).toBe(true);
    expect(approvalCommandLine(entry)).toBe('http://127.0.0.1:9/mcp  # sends ${secret:GITHUB_TOKEN} as the client secret of x to http://127.0.0.1:9/as-meta');
  });

  it('keeps the fingerprint of entries approved before (URL, headers, an API key block)', () => {
    // An approval stored by the last release must still hold: the material of these entries is unchanged.
    const headers: HttpServerConfig = { type: 'http', url: 'https://a.example/mcp', headers: { Authorization: 'Bearer ${secret:T}' }, auth: { type: 'oauth' } };
    const { auth: _oauth, ...withoutAuth } = headers;
    expect(httpFingerprint(headers)).toBe(httpFingerprint(withoutAuth));
  });
});
