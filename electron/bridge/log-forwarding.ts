import type { LoggingLevel, Server } from '@modelcontextprotocol/server';
import { redactor } from '../../shared/redact';
import type { UpstreamLog } from '../pool';
import type { AgentStore } from './agent-store';
import { serverAllowed } from './policy';
import type { Session } from './sessions';

/** MCP server/utilities/logging: RFC 5424 §6.2.1 severities, least severe first (the SDK's LoggingLevelSchema). */
export const LOGGING_LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const LEVELS = LOGGING_LEVELS;
/** The least severe level each session asked for with logging/setLevel; absent: everything. */
const minimum = new WeakMap<Server, number>();

/**
 * logging/setLevel: how much of its services' logging a session receives (MCP 2025-11-25
 * server/utilities/logging). Kept per session here, not in the SDK's own table, which it keys by
 * the transport's session id and which `sendLoggingMessage` would consult.
 */
export function setLevel(server: Server, level: LoggingLevel): Record<string, never> {
  minimum.set(server, LEVELS.indexOf(level));
  return {};
}

function wants(server: Server, level: LoggingLevel): boolean {
  return LEVELS.indexOf(level) >= (minimum.get(server) ?? 0);
}

/**
 * A service's log message goes to the sessions of agents allowed to use that service, named
 * `<service>` or `<service>/<logger>`, redacted like everything else that leaves the core.
 */
export function forwardLog(entry: UpstreamLog, sessions: Session[], agents: AgentStore, onError: (error: unknown) => void): void {
  const data = redactor.redactValue(entry.data);
  const logger = entry.logger ? `${entry.server}/${entry.logger}` : entry.server;
  for (const session of sessions) {
    const agent = agents.peek(session.agent);
    if (!agent || !serverAllowed(agent, entry.server) || !wants(session.server, entry.level)) continue;
    session.server.sendLoggingMessage({ level: entry.level, logger, data }).catch(onError);
  }
}
