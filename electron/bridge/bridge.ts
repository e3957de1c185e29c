import { createServer, type Server as HttpServer } from 'node:http';
import { DEFAULT_BRIDGE_PORT } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { AgentStore } from './agent-store';
import { ApprovalQueue } from './approval-queue';
import { AuditLog } from './audit-log';
import type { CallContext } from './call-context';
import { ToolIndex } from './tool-index';
import { DEFAULT_MAX_BODY_BYTES } from './http-body';
import { createEndpoint } from './http-endpoint';
import { MCP_PATH } from './http-guard';
import { serverAllowed } from './policy';
import { createSessionServer } from './session-server';
import { forwardLog } from './log-forwarding';
import { SessionRegistry, type Session } from './sessions';
import type { Bridge, BridgeConnection, BridgeOptions } from './types';

export const BRIDGE_HOST = '127.0.0.1';

function listen(server: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new CodedError('server_unavailable', `port ${port} is in use; is another Connected Services running? choose another with --bridge-port`, {
            hint: `stop the other process, or set "settings": { "bridgePort": … } in mcp.json`,
            data: { port },
          }),
        );
      } else {
        reject(new CodedError('internal', redact(`the bridge could not listen on ${BRIDGE_HOST}:${port}: ${error.message}`), { cause: error }));
      }
    };
    server.once('error', onError);
    server.listen(port, BRIDGE_HOST, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Starts the agent bridge on 127.0.0.1: one MCP endpoint for every agent. */
export async function createBridge(options: BridgeOptions): Promise<Bridge> {
  const now = options.now ?? Date.now;
  const log = (line: string): void => options.log?.(redact(line));
  const pool = options.pool;
  const agents = AgentStore.open({ dataDir: options.dataDir, now, log });
  const audit = new AuditLog({
    dataDir: options.dataDir,
    ...(options.auditMaxBytes === undefined ? {} : { maxBytes: options.auditMaxBytes }),
    ...(options.auditKeep === undefined ? {} : { keep: options.auditKeep }),
    log,
  });
  const approvals = new ApprovalQueue({
    now,
    log,
    ...(options.approvalTimeoutMs === undefined ? {} : { timeoutMs: options.approvalTimeoutMs }),
    remember: async (agent, server, tool) => {
      await agents.setToolDecision(agent, server, tool, 'allow');
    },
  });
  const toolIndex = new ToolIndex(pool);
  const sessions = new SessionRegistry(
    { maxPerAgent: options.maxSessionsPerAgent ?? 256, idleMs: options.sessionIdleMs ?? 12 * 60 * 60 * 1000 },
    log,
  );
  let paused = false;
  const lastUsed = new Map<string, number>();
  const ctx: CallContext = {
    pool,
    toolIndex,
    agents,
    approvals,
    audit,
    auditArguments: typeof options.auditArguments === 'function' ? options.auditArguments : () => options.auditArguments === true,
    paused: () => paused,
    now,
    log,
  };

  // list_changed (MCP server/tools, resources, prompts "List Changed Notification"), coalesced per turn.
  let pendingServers: Set<string> | 'all' | undefined;
  function notifyLater(servers: string[] | 'all'): void {
    if (pendingServers === undefined) setImmediate(flushNotifications);
    if (servers === 'all' || pendingServers === 'all') pendingServers = 'all';
    else pendingServers = new Set([...(pendingServers ?? []), ...servers]);
  }
  function notifySession(session: Session): void {
    const failed = (error: unknown): void => log(`list_changed to agent "${session.agent}" failed: ${String(error)}`);
    session.server.sendToolListChanged().catch(failed);
    session.server.sendResourceListChanged().catch(failed);
    session.server.sendPromptListChanged().catch(failed);
  }
  function flushNotifications(): void {
    const servers = pendingServers;
    pendingServers = undefined;
    if (servers === undefined) return;
    for (const session of sessions.all()) {
      const agent = agents.peek(session.agent);
      if (!agent) continue;
      if (servers === 'all' || [...servers].some((s) => serverAllowed(agent, s))) notifySession(session);
    }
  }
  // Per server, from each state event: recomputing every status per event was O(n²) at start-up.
  const enabledOf = new Map(pool.statuses().map((s) => [s.name, s.enabled] as const));
  const unsubscribe = [
    pool.on('log', (entry) => forwardLog(entry, sessions.all(), agents, (error) => log(`forwarding a log message failed: ${String(error)}`))),
    pool.on('inventory', ({ server }) => {
      toolIndex.invalidate();
      notifyLater([server]);
    }),
    pool.on('state', ({ name, enabled }) => {
      // Enabling, disabling or adding a server changes what agents see (a removal comes as `inventory`).
      if (enabledOf.get(name) === enabled) return;
      enabledOf.set(name, enabled);
      toolIndex.invalidate();
      notifyLater('all');
    }),
    agents.on('change', ({ revoked, changed }) => {
      for (const name of revoked) sessions.closeAgent(name);
      for (const name of changed) for (const session of sessions.forAgent(name)) notifySession(session);
    }),
  ];

  const version = options.version ?? '0.0.0';
  let port = 0;
  const http = createServer(
    createEndpoint({
      port: () => port,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      agents,
      sessions,
      newServer: (agent) => createSessionServer(ctx, agent, version),
      authenticated: (agent) => lastUsed.set(agent, now()),
      now,
      log,
    }),
  );
  try {
    port = await listen(http, options.port ?? DEFAULT_BRIDGE_PORT);
  } catch (error) {
    for (const off of unsubscribe) off();
    approvals.close();
    await audit.close();
    throw error;
  }
  const sweeper = setInterval(() => sessions.sweep(now()), 60_000);
  sweeper.unref();

  let closing: Promise<void> | undefined;
  return {
    url: `http://${BRIDGE_HOST}:${port}${MCP_PATH}`,
    port,
    agents,
    approvals,
    audit,
    get paused() {
      return paused;
    },
    pause: () => {
      paused = true;
      approvals.denyAll('paused');
    },
    resume: () => {
      paused = false;
    },
    connections: (): BridgeConnection[] =>
      sessions.all().map((s) => {
        const row: BridgeConnection = { agent: s.agent, lastSeen: s.lastSeen };
        const client = s.server.getClientVersion();
        if (client) row.client = { name: client.name, version: client.version };
        return row;
      }),
    lastUsedAt: (agent) => lastUsed.get(agent),
    toolOf: async (bridgeName) => {
      const entry = (await toolIndex.tools()).get(bridgeName);
      return entry ? { server: entry.server, tool: entry.info.name } : undefined;
    },
    bridgeNameOf: async (server, tool) => {
      for (const [name, entry] of await toolIndex.tools()) if (entry.server === server && entry.info.name === tool) return name;
      return undefined;
    },
    refresh: () => {
      toolIndex.invalidate();
      notifyLater('all');
    },
    close: () => {
      closing ??= (async () => {
        clearInterval(sweeper);
        for (const off of unsubscribe) off();
        approvals.close();
        await sessions.closeAll();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await audit.close();
      })();
      return closing;
    },
  };
}
