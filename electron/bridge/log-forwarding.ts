import type { LoggingLevel, LoggingMessageNotification, Server } from '@modelcontextprotocol/server';
import { redactor } from '../../shared/redact';
import { agentSafe } from '../../shared/text';
import { LOG_LEVELS, type CallLog, type UpstreamLog } from '../pool';
import type { Extra } from './call-gate';

/** MCP server/utilities/logging: RFC 5424 §6.2.1 severities, least severe first (the SDK's LoggingLevelSchema). */
export const LOGGING_LEVELS: readonly LoggingLevel[] = LOG_LEVELS;
/** The least severe level each session asked for with logging/setLevel; absent: everything. */
const minimum = new WeakMap<Server, LoggingLevel>();

/** One message of a request's at most this large (its data as JSON); a larger one is cut. */
export const MAX_LOG_BYTES = 16 * 1024;
/** Log messages one request receives at most (either era), and their total size. */
export const MAX_LOGS_PER_REQUEST = 100;
export const MAX_LOG_BYTES_PER_REQUEST = 256 * 1024;

/**
 * logging/setLevel: how much of its services' logging a session receives (MCP 2025-11-25
 * server/utilities/logging). Kept per session here, not in the SDK's own table, which it keys by
 * the transport's session id and which `sendLoggingMessage` would consult.
 */
export function setLevel(server: Server, level: LoggingLevel): Record<string, never> {
  minimum.set(server, level);
  return {};
}

/**
 * The one form a service's message leaves the core in, whichever era the agent speaks: named
 * `<service>` or `<service>/<logger>`, redacted like every result (SECURITY.md).
 */
function shaped(entry: UpstreamLog, data: unknown = entry.data): LoggingMessageNotification['params'] {
  // The logger name is the server's text as much as data is: a vault value there is removed too.
  const logger = entry.logger ? `${entry.server}/${agentSafe(redactor.redact(entry.logger))}` : entry.server;
  return { level: entry.level, logger, data: safeData(redactor.redactValue(data), 0) };
}

/** Levels of `data` whose strings are escaped one by one; anything deeper is sent as its escaped JSON text. */
export const MAX_LOG_DATA_DEPTH = 32;

/**
 * A message's data as agents' clients print it, as listings are (agentSafe, after redaction so a
 * secret is still found whole): many print log messages in a terminal, where ESC, BEL or a lone CR
 * would act. Every string and key, at any depth; the object itself when nothing changes.
 */
function safeData(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return agentSafe(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_LOG_DATA_DEPTH) return agentSafe(JSON.stringify(value) ?? '');
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => safeData(item, depth + 1));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const safeKey = agentSafe(key);
    const safe = safeData(item, depth + 1);
    if (safeKey !== key || safe !== item) changed = true;
    // Defined, not assigned: a key named `__proto__` stays a key.
    Object.defineProperty(out, safeKey, { value: safe, enumerable: true, writable: true, configurable: true });
  }
  return changed ? out : value;
}

/**
 * The level a 2025-11-25 session's requests take their log messages at: the one it set, else
 * everything (the specification lets a server send before any setLevel). Read per request, so both
 * eras take one routing (callLog below): a message goes to the request it arose in, never to
 * another agent's session (MCP 2025-11-25 server/utilities/logging §Security: no sensitive data).
 */
export function sessionLevel(server: Server): LoggingLevel {
  return minimum.get(server) ?? 'debug';
}

/**
 * The log messages of one request, in either era: 2026-07-28, at the level its `_meta` asked (MCP
 * 2026-07-28 server/utilities/logging §Per-request log level); 2025-11-25, at its session's level
 * (sessionLevel). Sent as notifications related to the request (on its own stream where the
 * transport has one), bounded in count and size; without a level, none (the pool then neither asks
 * the service nor hands any on). What arises in the request is the pool's to tell (running-calls.ts
 * logTarget): another agent's call never reaches this one, and a message of no call reaches no agent.
 */
export function callLog(server: string, extra: Extra): CallLog | undefined {
  const level = extra.logLevel;
  if (level === undefined) return undefined;
  let count = 0;
  let bytes = 0;
  let full = false;
  const send = (params: LoggingMessageNotification['params']): void => {
    extra.sendNotification({ method: 'notifications/message', params }).catch(() => undefined);
  };
  return {
    level,
    send: (message) => {
      if (full) return;
      // Measured escaped, as sent: an escape grows a text sixfold.
      const escaped = safeData(message.data, 0);
      const json = JSON.stringify(escaped) ?? 'null';
      const size = Math.min(json.length, MAX_LOG_BYTES);
      if (count + 1 > MAX_LOGS_PER_REQUEST || bytes + size > MAX_LOG_BYTES_PER_REQUEST) {
        full = true;
        send(shaped({ server, level: message.level, data: `further log messages of this request were left out (at most ${MAX_LOGS_PER_REQUEST}, ${MAX_LOG_BYTES_PER_REQUEST / 1024} KiB)` }));
        return;
      }
      count += 1;
      bytes += size;
      const data = json.length > MAX_LOG_BYTES ? `${json.slice(0, MAX_LOG_BYTES)}… (cut at ${MAX_LOG_BYTES / 1024} KiB)` : escaped;
      send(shaped({ server, ...message }, data));
    },
  };
}

/** CallOptions' `log` for a request to `server`, spread into the pool's options: empty when none was asked. */
export function logOption(server: string, extra: Extra): { log?: CallLog } {
  const log = callLog(server, extra);
  return log === undefined ? {} : { log };
}
