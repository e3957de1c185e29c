import type { Pool } from '../../electron/pool';
import type { Agent } from '../../electron/bridge/agent-schema';
import type { AgentStore } from '../../electron/bridge/agent-store';
import { CallApprovalQueue, type PendingApproval } from '../../electron/bridge/call-approval-queue';
import type { AuditEntry } from '../../electron/bridge/audit-entry';
import type { AuditLog } from '../../electron/bridge/audit-log';
import { ResourceSubscriptions } from '../../electron/bridge/resource-subscriptions';
import type { CallContext } from '../../electron/bridge/call-context';
import type { GateCall } from '../../electron/bridge/call-gate';
import type { ToolIndex } from '../../electron/bridge/tool-index';

/** The gate's world for its unit tests (call-gate.test.ts, vault-value-hold.test.ts): one agent whose policy asks, one `mail` server. */
export const AGENT: Agent = { name: 'claude', servers: ['*'], policy: { read: 'ask', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 } as unknown as Agent;

export interface Fake {
  ctx: CallContext;
  approvals: CallApprovalQueue;
  audit: AuditEntry[];
  /** Of those, the refusals the agent caused alone (counted past a bound: audit-refusals.ts). */
  alone: AuditEntry[];
  pending: PendingApproval[];
  setPaused(value: boolean): void;
  /** Calls that reached the pool. */
  pool: Array<{ server: string; tool: string; args: unknown }>;
}

/** A gate's world: a real CallApprovalQueue with its defaults, fakes for what it does not decide. */
export function fake(options: { auditArguments?: boolean } = {}): Fake {
  let paused = false;
  const audit: AuditEntry[] = [];
  const alone: AuditEntry[] = [];
  const pending: PendingApproval[] = [];
  const pool: Fake['pool'] = [];
  const approvals = new CallApprovalQueue({ now: () => Date.now(), remember: () => Promise.resolve() });
  approvals.on('pending', (p) => pending.push(p));
  const entry = { server: 'mail', info: { server: 'mail', name: 'send_email', inputSchema: { type: 'object' } }, tier: 'write', listed: {} };
  const ctx: CallContext = {
    pool: {
      callTool: (server: string, tool: string, args: unknown) => {
        pool.push({ server, tool, args });
        return Promise.resolve({ content: [{ type: 'text', text: 'sent' }] });
      },
      statuses: () => [],
    } as unknown as Pool,
    toolIndex: { tools: () => Promise.resolve(new Map([['mail__send_email', entry]])), servers: () => ['mail'], invalidate: () => undefined } as unknown as ToolIndex,
    agents: { peek: (name: string) => (name === AGENT.name ? AGENT : undefined) } as unknown as AgentStore,
    approvals,
    audit: {
      append: (e: AuditEntry) => audit.push(e),
      // Tool search's use counts are seeded from it (usage-counts.ts).
      read: () => Promise.resolve([]),
      appendRefusal: (e: AuditEntry) => {
        audit.push(e);
        alone.push(e);
      },
    } as unknown as AuditLog,
    auditArguments: () => options.auditArguments === true,
    paused: () => paused,
    subscriptions: new ResourceSubscriptions({ subscribeResource: () => Promise.resolve(), unsubscribeResource: () => Promise.resolve() }),
    now: () => Date.now(),
    log: () => undefined,
  };
  return { ctx, approvals, audit, alone, pending, pool, setPaused: (value) => (paused = value) };
}

/** A call the person is asked about (the agent's policy says ask). */
export function asked(f: Fake, args: Record<string, unknown> = { to: 'bob@example.test' }): GateCall<string> {
  return {
    agent: AGENT.name,
    kind: 'tool',
    asked: 'mail__send_email',
    args,
    check: () => undefined,
    find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'write', decision: 'ask' } }),
    run: (target) => {
      f.pool.push({ server: target.server, tool: target.name, args });
      return Promise.resolve('sent');
    },
  };
}

