import { createServer, type Server as HttpServer } from 'node:http';
import { DEFAULT_BRIDGE_PORT } from '../../shared/config';
import { resolveCoreEnv, type CoreEnv } from '../../shared/core-env';
import { redact } from '../../shared/redact';
import { guardConnections, LOOPBACK_TIMEOUTS, MAX_LOOPBACK_CONNECTIONS } from '../net';
import { agentShare, sessionsPerAgent } from './agent-share';
import { AgentActivity } from './agent-activity';
import { AgentStore } from './agent-store';
import { CallApprovalQueue } from './call-approval-queue';
import { AuditLog } from './audit-log';
import { ResourceSubscriptions } from './resource-subscriptions';
import type { CallContext } from './call-context';
import { DEFAULT_MAX_BODY_BYTES } from './http-body';
import { foundListing } from './found-listing';
import { createEndpoint } from './http-endpoint';
import { continueWithinBound } from './expect-continue';
import { notTheProgramsAgent } from './program-bridge';
import { ListChangedNotifier } from './list-changed';
import { ModernHandlers } from './modern-handlers';
import { serverAllowed } from './policy';
import { listenOnLoopback } from './loopback-listen';
import { createSessionServer } from './session-server';
import { SessionRegistry } from './sessions';
import { ToolIndex } from './tool-index';
import { unavailableKey } from './unavailable';
import type { Bridge, BridgeOptions } from './types';
import { bridgeHandle, type BridgeParts } from './bridge-handle';

export { BRIDGE_HOST } from './loopback-listen';

/**
 * Starts the agent bridge on 127.0.0.1: one MCP endpoint for every agent (MCP transports
 * §Streamable HTTP). Steps: open its parts, follow the pool and the agents, listen, sweep idle
 * sessions, hand back the handle.
 */
export async function createBridge(options: BridgeOptions): Promise<Bridge> {
  const parts = openParts(options);
  await parts.activity.load();
  const unfollow = followChanges(parts);
  let http: HttpServer;
  let port: number;
  try {
    ({ http, port } = await listen(options, parts));
  } catch (error) {
    await undoOpen(parts, unfollow);
    throw error;
  }
  const sweeper = sweepIdleSessions(parts);
  return bridgeHandle(parts, { http, port, sweeper, unfollow });
}

/** Step 1: the agent store, audit log, approval queue, tool index and session registry. */
function openParts(options: BridgeOptions): BridgeParts {
  const given = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  const core: CoreEnv = { ...given, log: (line) => given.log(redact(line)) };
  const agents = AgentStore.open(core);
  const rotation = { ...(options.auditMaxBytes === undefined ? {} : { maxBytes: options.auditMaxBytes }), ...(options.auditKeep === undefined ? {} : { keep: options.auditKeep }) };
  const audit = options.audit ?? new AuditLog({ ...core, ...rotation });
  const approvals = new CallApprovalQueue({
    ...core,
    ...(options.approvalTimeoutMs === undefined ? {} : { timeoutMs: options.approvalTimeoutMs }),
    remember: async (agent, server, tool) => {
      // A program's bridge never widens one of the person's agents in agents.json.
      if (options.codeAgentsOnly === true && !agents.fromCode(agent)) throw notTheProgramsAgent(agent);
      await agents.setToolDecision(agent, server, tool, 'allow');
    },
  });
  const sessions = new SessionRegistry(
    { maxPerAgent: sessionsPerAgent(options.maxConnections ?? MAX_LOOPBACK_CONNECTIONS, options.maxSessionsPerAgent), idleMs: options.sessionIdleMs ?? 12 * 60 * 60 * 1000 },
    core,
  );
  const state = { paused: false, closing: false };
  const activity = new AgentActivity(core);
  const subscriptions = new ResourceSubscriptions(options.pool);
  const toolIndex = new ToolIndex(options.pool);
  const ctx = callContext(options, { pool: options.pool, toolIndex, agents, approvals, audit, state, subscriptions, core });
  const modern = new ModernHandlers(ctx, options.version ?? '0.0.0', options.inputRoundWindowMs, options.modernLane ?? true, options.inputRoundGather);
  const listChanged = new ListChangedNotifier(sessions, agents, core, modern);
  return { pool: options.pool, agents, audit, ownAudit: options.audit === undefined, approvals, toolIndex, sessions, listChanged, state, activity, subscriptions, modern, core };
}

/**
 * Step 2: inventory, enablement, a server failing or recovering (its tools
 * marked unavailable, unavailable.ts) and agent changes become list_changed. Returns the unsubscribers.
 */
function followChanges({ pool, agents, toolIndex, sessions, listChanged, subscriptions, modern, core }: BridgeParts): (() => void)[] {
  const { log } = core;
  // Per server, from each state event: recomputing every status per event was O(n²) at start-up.
  const enabledOf = new Map(pool.statuses().map((s) => [s.name, s.enabled] as const));
  const markOf = new Map(pool.statuses().map((s) => [s.name, unavailableKey(s)] as const));
  return [
    pool.on('resourceUpdated', ({ server, uri }) => subscriptions.updated(server, uri)),
    () => subscriptions.close(),
    pool.on('inventory', ({ server }) => {
      toolIndex.invalidate();
      listChanged.later([server]);
    }),
    pool.on('state', (status) => {
      const { name, enabled } = status;
      // Enabling, disabling or adding a server changes what agents see (a removal comes as `inventory`).
      if (enabledOf.get(name) !== enabled) {
        enabledOf.set(name, enabled);
        markOf.set(name, unavailableKey(status));
        toolIndex.invalidate();
        listChanged.later('all');
        return;
      }
      // Failing, or ready again: its tools' listing changes (the index reads the marks when rebuilt).
      const mark = unavailableKey(status);
      if (markOf.get(name) === mark) return;
      markOf.set(name, mark);
      toolIndex.invalidate();
      listChanged.later([name]);
    }),
    // Tools an agent's search found joined its listing (agents with listFound).
    foundListing(modern.ctx).onChange((name) => listChanged.tools(name)),
    agents.on('change', ({ revoked, changed }) => {
      for (const name of revoked) {
        foundListing(modern.ctx).forget(name);
        sessions.closeAgent(name);
        void modern.drop(name).catch((error: unknown) => log(`closing agent "${name}"'s 2026-07-28 handler failed: ${String(error)}`));
      }
      for (const name of changed) {
        const agent = agents.peek(name);
        // Turned off, the list is forgotten: turned on again, it starts afresh (docs/tool-search.md).
        if (agent?.listFound !== true) foundListing(modern.ctx).forget(name);
        const mayUse = (server: string): boolean => agent !== undefined && serverAllowed(agent, server);
        void subscriptions.narrow(name, mayUse).catch((error: unknown) => log(`ending agent "${name}"'s subscriptions it may no longer hold failed: ${String(error)}`));
        for (const session of sessions.forAgent(name)) listChanged.session(session);
        listChanged.agent(name);
      }
    }),
  ];
}

/** What a session's request handlers need of the bridge. */
function callContext(options: BridgeOptions, parts: Pick<BridgeParts, 'pool' | 'toolIndex' | 'agents' | 'approvals' | 'audit' | 'state' | 'subscriptions' | 'core'>): CallContext {
  const { pool, toolIndex, agents, approvals, audit, state, subscriptions, core } = parts;
  const auditArguments = typeof options.auditArguments === 'function' ? options.auditArguments : () => options.auditArguments === true;
  return { pool, toolIndex, agents, approvals, audit, auditArguments, paused: () => state.paused, closing: () => state.closing, subscriptions, withheldResource: options.withheldResource, now: core.now, log: core.log };
}

/** Step 3: the HTTP endpoint (guard, bearer, sessions) listening on 127.0.0.1. */
async function listen(options: BridgeOptions, parts: BridgeParts): Promise<{ http: HttpServer; port: number }> {
  const ctx = parts.modern.ctx;
  const version = options.version ?? '0.0.0';
  let port = 0;
  const cap = options.maxConnections ?? MAX_LOOPBACK_CONNECTIONS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const http = createServer(LOOPBACK_TIMEOUTS);
  continueWithinBound(http, maxBodyBytes);
  // The guard closes connections that never carried an agent's request before those that did.
  const guard = guardConnections(
    http,
    cap,
    createEndpoint({
      port: () => port,
      maxBodyBytes,
      agents: parts.agents,
      ...(options.codeAgentsOnly === true ? { codeAgentsOnly: true } : {}),
      ...(options.agentAlive ? { agentAlive: options.agentAlive } : {}),
      sessions: parts.sessions,
      modern: parts.modern,
      newServer: (agent) => createSessionServer(ctx, agent, version),
      authenticated: (agent, socket) => {
        guard.trust(socket);
        parts.activity.used(agent, parts.core.now());
      },
      share: agentShare(cap),
      spoke: (agent, revision) => parts.activity.spoke(agent, revision),
      ...(options.laneServed === undefined ? {} : { laneServed: options.laneServed }),
      misnamed: ({ header, value }) => parts.audit.appendMisnamed(value, parts.core.now(), header),
      now: parts.core.now,
      log: parts.core.log,
    }),
  );
  port = await listenOnLoopback(http, options.port ?? DEFAULT_BRIDGE_PORT, options.codeAgentsOnly === true ? 'program' : 'app');
  return { http, port };
}

/** When listening fails: undo steps 1 and 2 (the port error is what the caller sees). */
async function undoOpen(parts: BridgeParts, unfollow: (() => void)[]): Promise<void> {
  for (const off of unfollow) off();
  parts.approvals.close();
  if (parts.ownAudit) await parts.audit.close();
}

/** Step 4: closes sessions idle longer than the limit, once a minute. */
function sweepIdleSessions({ sessions, core }: BridgeParts): NodeJS.Timeout {
  const sweeper = setInterval(() => sessions.sweep(core.now()), 60_000);
  sweeper.unref();
  return sweeper;
}

