import type { McpConfig, ServerConfig } from './schema';
import { serverEntry } from './server-entry';

export interface ServerDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: string[];
}

/**
 * Key order never counts as a change: two configs equal as data are equal. Keys sorted by UTF-16
 * code unit (sort()'s default), undefined members left out. Pin digests are of this text, so it must
 * never change: built in one pass, without the arrays of entries it once made (hashing every listed
 * tool at start-up spent most of its time there).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // As join() wrote it: nothing for an item JSON has no text for.
      out += (canonicalJson(value[i]) as string | undefined) ?? '';
    }
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    let out = '{';
    for (const key of Object.keys(value).sort()) {
      const member: unknown = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

export function sameServer(a: ServerConfig, b: ServerConfig): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Fields read per call or per listing, never by the process or session: a change of only these
 * (and `enabled`, which the pool handles on its own) needs no restart. Any other field, including
 * one added later, counts as part of the connection, so an unknown change errs on restarting.
 */
// `roots` too: a change is sent to the running server as notifications/roots/list_changed.
const PER_CALL_FIELDS: ReadonlySet<string> = new Set(['description', 'timeoutMs', 'timeouts', 'idleTimeoutMs', 'tools', 'enabled', 'roots', 'pinning']);

function connectionPart(config: ServerConfig): Record<string, unknown> {
  const part = Object.fromEntries(Object.entries(config).filter(([key]) => !PER_CALL_FIELDS.has(key)));
  // `"type": "stdio"` is what a stdio entry means without it.
  if (part['type'] === 'stdio') delete part['type'];
  return part;
}

/** Same process or session: command, args, env, cwd, url, headers, auth and startupTimeoutMs are equal (idleTimeoutMs is read by the pool's timer). */
export function sameConnection(a: ServerConfig, b: ServerConfig): boolean {
  return canonicalJson(connectionPart(a)) === canonicalJson(connectionPart(b));
}

/** What a config change means for the pool: start added, restart changed, stop removed. */
export function diffServers(previous: McpConfig, next: McpConfig): ServerDiff {
  const diff: ServerDiff = { added: [], changed: [], removed: [], unchanged: [] };
  for (const [name, config] of Object.entries(next.mcpServers)) {
    const before = serverEntry(previous, name);
    if (!before) diff.added.push(name);
    else if (sameServer(before, config)) diff.unchanged.push(name);
    else diff.changed.push(name);
  }
  for (const name of Object.keys(previous.mcpServers)) {
    if (!Object.hasOwn(next.mcpServers, name)) diff.removed.push(name);
  }
  return diff;
}
