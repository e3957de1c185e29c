import type { Server as HttpServer } from 'node:http';
import type { CoreEnv } from '../../shared/core-env';
import type { Pool } from '../pool';
import type { AgentActivity } from './agent-activity';
import { searchAsAgent } from './agent-search';
import type { AgentStore } from './agent-store';
import type { AuditLog } from './audit-log';
import type { CallApprovalQueue } from './call-approval-queue';
import { MCP_PATH } from './http-guard';
import type { ListChangedNotifier } from './list-changed';
import { keptPrefix } from './kept-prefix';
import { listingBound } from './listing-scope';
import { listingNow } from './agent-tools';
import { BRIDGE_HOST } from './loopback-listen';
import type { ModernHandlers } from './modern-handlers';
import type { ResourceSubscriptions } from './resource-subscriptions';
import type { Session, SessionRegistry } from './sessions';
import { stoppingAnswer } from './stopping-answer';
import type { ToolIndex } from './tool-index';
import type { Bridge, BridgeConnection } from './types';
import { usageCounts } from './usage-counts';

/** What the bridge is made of: each step below takes what it needs from here. */
export interface BridgeParts {
  pool: Pool;
  agents: AgentStore;
  audit: AuditLog;
  /** The bridge opened its audit log, so it closes it (not one given: BridgeOptions.audit). */
  ownAudit: boolean;
  approvals: CallApprovalQueue;
  toolIndex: ToolIndex;
  sessions: SessionRegistry;
  listChanged: ListChangedNotifier;
  /** Pause state, read by calls and by the App API. */
  state: { paused: boolean; closing: boolean };
  /** Last authentication per agent, this run's and earlier runs'. */
  activity: AgentActivity;
  /** Agents' resource subscriptions, by session. */
  subscriptions: ResourceSubscriptions;
  /** Per agent, the handler of its 2026-07-28 requests. */
  modern: ModernHandlers;
  /** The core's environment, resolved once here, its log redacting. */
  core: CoreEnv;
}

/** Step 5: the `Bridge` the core holds: pause, connections, name lookups, refresh, close. */
export function bridgeHandle(
  parts: BridgeParts,
  running: { http: HttpServer; port: number; sweeper: NodeJS.Timeout; unfollow: (() => void)[] },
): Bridge {
  const { agents, approvals, audit, toolIndex, sessions, listChanged, state, activity } = parts;
  const { http, port, sweeper, unfollow } = running;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${BRIDGE_HOST}:${port}${MCP_PATH}`,
    port,
    agents,
    approvals,
    audit,
    get paused() {
      return state.paused;
    },
    pause: () => {
      state.paused = true;
      approvals.denyAll('paused');
    },
    resume: () => {
      state.paused = false;
    },
    connections: (): BridgeConnection[] => sessions.all().map(connectionRow),
    lastUsedAt: (agent) => {
      const at = activity.lastUsedAt(agent);
      return at !== undefined && usedByCurrent(agents, agent, at) ? at : undefined;
    },
    lastRequestAt: () => activity.lastRequestAt(),
    protocolOf: (agent) => {
      const at = activity.lastUsedAt(agent);
      return at !== undefined && usedByCurrent(agents, agent, at) ? activity.protocolOf(agent) : undefined;
    },
    toolOf: async (bridgeName) => {
      const entry = (await toolIndex.tools()).get(bridgeName);
      return entry ? { server: entry.server, tool: entry.info.name } : undefined;
    },
    bridgeNameOf: async (server, tool) => {
      for (const [name, entry] of await toolIndex.tools()) if (entry.server === server && entry.info.name === tool) return name;
      return undefined;
    },
    keptPrefix: async (name) => {
      const agent = agents.get(name);
      return agent === undefined ? [] : keptPrefix(toolIndex, agent);
    },
    listingBound: async (name) => {
      const agent = agents.get(name);
      return agent === undefined ? undefined : listingBound(await toolIndex.tools(), agent);
    },
    listingNow: async (name) => {
      const agent = agents.get(name);
      return agent === undefined ? undefined : listingNow(await toolIndex.tools(), agent);
    },
    searchAs: async (name, query) => {
      const agent = agents.get(name);
      if (agent === undefined) return undefined;
      const ctx = parts.modern.ctx;
      const counts = usageCounts(ctx);
      await counts.seed(ctx);
      return searchAsAgent({ pool: parts.pool, index: await toolIndex.tools(), counts }, agent, query, false);
    },
    refresh: () => {
      toolIndex.invalidate();
      listChanged.later('all');
    },
    close: () => {
      closing ??= (async () => {
        state.closing = true;
        clearInterval(sweeper);
        for (const off of unfollow) off();
        approvals.close();
        // Each request in flight hears why first: a client whose stream just ends keeps waiting.
        for (const session of sessions.all()) session.transport.answerInFlight(stoppingAnswer);
        parts.modern.stopAll();
        await sessions.closeAll();
        await parts.modern.closeAll();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        if (parts.ownAudit) await audit.close();
        await activity.close((name, at) => usedByCurrent(agents, name, at));
      })();
      return closing;
    },
  };
}

/** Whether a use was the agent's of that name now: an earlier one, removed since, is not it. */
function usedByCurrent(agents: AgentStore, name: string, at: number): boolean {
  return at >= (agents.get(name)?.createdAt ?? Infinity);
}

function connectionRow(s: Session): BridgeConnection {
  const row: BridgeConnection = { agent: s.agent, lastSeen: s.lastSeen };
  const client = s.server.getClientVersion();
  if (client) row.client = { name: client.name, version: client.version };
  return row;
}
