import { type z } from 'zod';
import type { ConfigIssue } from './issue';
import { closestWord } from '../text';
import { fieldPath } from './field-path';
import { jsonErrorOffset } from './json-error-offset';
import { storePasswordReferences, storePasswordVariables } from './own-variable-references';
import {
  HttpServerSchema,
  SERVER_NAME,
  SettingsSchema,
  StdioServerSchema,
  TRANSPORTS,
  type McpConfig,
  type ServerConfig,
} from './schema';

export type ParseResult = { ok: true; config: McpConfig } | { ok: false; issues: ConfigIssue[] };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Line and column of a JSON syntax error; the parser's message is not repeated, it may quote secrets. */
export function locateJsonError(text: string): string {
  const offset = jsonErrorOffset(text) ?? 0;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const found = offset >= text.length ? 'the text ends too early' : `unexpected ${JSON.stringify(text[offset])}`;
  return `not valid JSON at line ${line}, column ${column}: ${found}`;
}

/**
 * A nested object's unknown fields, each at its own path (`field "auth.tokenUrl": unknown field`): after
 * a one-step path (`field "auth": unknown field "tokenUrl"`) the words read as a credential's value,
 * and the redaction of what is printed hid them.
 */
function nestedUnknownFields(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): { field: string; message: string }[] | undefined {
  if (issue.code !== 'unrecognized_keys' || issue.path.length === 0) return undefined;
  return issue.keys.map((key) => ({ field: fieldPath([...prefix, ...issue.path, key]), message: 'unknown field' }));
}

function zodIssues(file: string, server: string, error: z.ZodError, entry: Record<string, unknown>, fields: readonly string[]): ConfigIssue[] {
  return error.issues.flatMap((issue): ConfigIssue | ConfigIssue[] => {
    const nested = nestedUnknownFields(issue, []);
    if (nested) return nested.map((place) => ({ file, server, ...place }));
    const field = fieldPath(issue.path);
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      // A misspelt field of the entry itself ("evn"): the one it likely meant.
      const meant = issue.keys.flatMap((key) => closestWord(key, fields) ?? []);
      message = `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${meant.length > 0 ? `; did you mean ${meant.map((m) => `"${m}"`).join(', ')}?` : ''}`;
    } else if (issue.code === 'invalid_type') {
      let actual: unknown = entry;
      for (const key of issue.path) actual = isRecord(actual) || Array.isArray(actual) ? (actual as Record<PropertyKey, unknown>)[key] : undefined;
      message = actual === undefined ? `is required (${issue.expected})` : `expected ${issue.expected}, got ${describe(actual)}`;
    }
    const out: ConfigIssue = { file, server, message };
    if (field !== '') out.field = field;
    return out;
  });
}

function parseServer(file: string, name: string, entry: unknown): ServerConfig | ConfigIssue[] {
  if (!SERVER_NAME.test(name)) {
    return [{ file, server: name, message: 'invalid server name: use 1-48 letters, digits, "_" or "-", starting with a letter or digit' }];
  }
  if (!isRecord(entry)) return [{ file, server: name, message: `expected an object, got ${describe(entry)}` }];
  const type = entry['type'];
  let transport: string;
  if (type !== undefined) {
    if (typeof type !== 'string' || !(TRANSPORTS as readonly string[]).includes(type)) {
      return [{ file, server: name, field: 'type', message: `unknown transport ${JSON.stringify(type)}; use "stdio" (with "command") or "http" (with "url")` }];
    }
    transport = type;
  } else if ('command' in entry) {
    transport = 'stdio';
  } else if ('url' in entry) {
    const noType: ConfigIssue = { file, server: name, field: 'type', message: 'is required for a URL server: add "type": "http"' };
    // Read as the http entry it means: a bad url (or header) is said now, not after the type is added.
    const asHttp = HttpServerSchema.safeParse({ ...entry, type: 'http' });
    return asHttp.success ? [noType] : [noType, ...zodIssues(file, name, asHttp.error, entry, Object.keys(HttpServerSchema.shape))];
  } else {
    return [{ file, server: name, field: 'command', message: 'is required: give "command" (a program to run) or "type": "http" with "url"' }];
  }
  const schema = transport === 'http' ? HttpServerSchema : StdioServerSchema;
  const parsed = schema.safeParse(entry);
  return parsed.success ? parsed.data : zodIssues(file, name, parsed.error, entry, Object.keys(schema.shape));
}

/**
 * An mcp.json split by what its problems break: `fileIssues` make the whole file unusable (not an
 * object, `mcpServers` not an object, bad settings); `entryIssues` only the servers they name, which
 * are left out of `config`.
 */
interface SplitConfig {
  config: McpConfig;
  fileIssues: ConfigIssue[];
  entryIssues: ConfigIssue[];
}

function splitConfigObject(raw: unknown, file: string): SplitConfig {
  const config: McpConfig = { mcpServers: {} };
  if (!isRecord(raw)) return { config, fileIssues: [{ file, message: `expected a JSON object, got ${describe(raw)}` }], entryIssues: [] };
  const servers = raw['mcpServers'] ?? {};
  if (!isRecord(servers)) {
    return { config, fileIssues: [{ file, field: 'mcpServers', message: `expected an object of servers, got ${describe(servers)}` }], entryIssues: [] };
  }
  const fileIssues: ConfigIssue[] = [];
  const entryIssues: ConfigIssue[] = [];
  if (raw['settings'] !== undefined) {
    const settings = SettingsSchema.safeParse(raw['settings']);
    if (settings.success) config.settings = settings.data;
    else fileIssues.push(...settings.error.issues.flatMap((i) => nestedUnknownFields(i, ['settings'])?.map((place) => ({ file, ...place })) ?? [{ file, field: fieldPath(['settings', ...i.path]), message: i.message }]));
  }
  // VS Code's key for the same entries: read as no servers at all, with nothing said.
  if (raw['mcpServers'] === undefined && isRecord(raw['servers'])) {
    entryIssues.push({ file, field: 'servers', message: 'is VS Code\'s name for the servers; this file reads them from "mcpServers": rename the key (`connected-services import vscode` brings over VS Code\'s own)' });
  }
  const kept = storePasswordVariables(config.settings);
  for (const [name, entry] of Object.entries(servers)) {
    const result = parseServer(file, name, entry);
    const handsOut = Array.isArray(result) ? [] : storePasswordReferences(result, kept);
    if (Array.isArray(result)) entryIssues.push(...result);
    else if (handsOut.length > 0) entryIssues.push(...handsOut.map((issue) => ({ file, server: name, ...issue })));
    else config.mcpServers[name] = result;
  }
  return { config, fileIssues, entryIssues };
}

/** Validates an mcp.json object; every problem is reported with the file, server and field. */
export function parseConfigObject(raw: unknown, file: string): ParseResult {
  const { config, fileIssues, entryIssues } = splitConfigObject(raw, file);
  const issues = [...entryIssues, ...fileIssues];
  return issues.length > 0 ? { ok: false, issues } : { ok: true, config };
}

/**
 * Loading a config in force: a bad entry disables only that entry (as other MCP clients skip it),
 * reported in `skipped`; only a file that cannot be used at all (invalid JSON, wrong shape, bad
 * settings) is `ok: false`, so the caller keeps its last good config.
 */
export type TolerantParseResult = { ok: true; config: McpConfig; skipped: ConfigIssue[] } | { ok: false; issues: ConfigIssue[] };

export function parseConfigTextTolerant(text: string, file: string): TolerantParseResult {
  if (text.trim() === '') return { ok: true, config: { mcpServers: {} }, skipped: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ file, message: locateJsonError(text) }] };
  }
  return parseConfigObjectTolerant(raw, file);
}

export function parseConfigObjectTolerant(raw: unknown, file: string): TolerantParseResult {
  const { config, fileIssues, entryIssues } = splitConfigObject(raw, file);
  if (fileIssues.length > 0) return { ok: false, issues: [...entryIssues, ...fileIssues] };
  return { ok: true, config, skipped: entryIssues };
}

export function parseConfigText(text: string, file: string): ParseResult {
  if (text.trim() === '') return { ok: true, config: { mcpServers: {} } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, issues: [{ file, message: locateJsonError(text) }] };
  }
  return parseConfigObject(raw, file);
}
