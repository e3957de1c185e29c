import type { Client } from '@modelcontextprotocol/client';
import { redact } from '../../shared/redact';
import type { CallLog, UpstreamLog } from './types';
import { errorMessage } from '../../shared/errors';

export type LogLevel = UpstreamLog['level'];

/** RFC 5424 §6.2.1 severities as MCP names them (server/utilities/logging), least severe first. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** MCP 2026-07-28 server/utilities/logging §Per-request log level: the `_meta` key a request asks for its log messages with. */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';

/** Whether a message at `level` is one a reader who asked for `minimum` gets (that level or more severe). */
export function atLeast(level: LogLevel, minimum: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

/** 2025-era connections asked for everything already (one logging/setLevel each), so a caller's level is met by filtering here. */
const askedForAll = new WeakSet<Client>();

/**
 * What a request that carries a caller's log level needs upstream, in the connection's era:
 * 2026-07-28, the level in the request's own `_meta` (returned; the server sends messages only for
 * requests that carry it, on their own stream); 2025-11-25, one `logging/setLevel` `debug` per
 * connection of a server that declares `logging` (server/utilities/logging §Setting Log Level).
 * `debug` rather than the caller's level: the setting is the whole connection's, and the person's
 * server log and other callers read the same messages; each caller's level is applied here.
 */
export function upstreamLogLevel(
  client: Client,
  protocol: string | undefined,
  log: CallLog | undefined,
  note: (line: string) => void,
): Record<string, unknown> | undefined | Promise<undefined> {
  if (log === undefined) return undefined;
  if (protocol === '2026-07-28') return { [LOG_LEVEL_META_KEY]: log.level };
  if (askedForAll.has(client) || client.getServerCapabilities()?.logging === undefined) return undefined;
  askedForAll.add(client);
  return askForAll(client, note);
}

/**
 * Returned as a promise only when there is a request to send: every 2025-11-25 session's call carries
 * a level (its session's), and the bridge's tools/call hot path then awaits nothing.
 */
async function askForAll(client: Client, note: (line: string) => void): Promise<undefined> {
  try {
    await client.setLoggingLevel('debug');
  } catch (error) {
    note(redact(`logging/setLevel was refused: ${errorMessage(error)}`).slice(0, 500));
  }
  return undefined;
}

/** A server's log message to the call it arose in, when that call asked for messages at its level. */
export function toCall(log: CallLog | undefined, message: Omit<UpstreamLog, 'server'>): void {
  if (log !== undefined && atLeast(message.level, log.level)) log.send(message);
}
