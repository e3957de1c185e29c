import { errorMessage } from '../../../shared/errors';
import { redact, redactor } from '../../../shared/redact';
import type { ApiMethod } from '../../../shared/api';
import type { Vault } from '../../../shared/vault';
import type { AgentStore, Bridge } from '../../bridge';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import type { AdminLog } from '../admin/admin-log';
import { shownInput } from '../admin/admin-summary';
import type { ApplyChain } from './apply-chain';
import { pendingView } from '../agents/bridge-api';
import { registerConfigSecrets } from '../secrets/config-secrets';
import type { Confirmations } from '../door/confirmations';
import type { DecisionQueue } from '../decisions';
import { serversWaitingFor } from '../secrets/credential-arrival';
import type { EventHub } from '../api/event-hub';
import type { SecretFiles } from '../secrets/secret-files';
import type { ServerLogs } from '../servers/server-logs';
import type { WaitingAsks } from '../asks/waiting-asks';

export type Unsubscribe = () => void;

export interface CoreEventSources {
  registry: Registry;
  vault: Vault;
  pool: Pool;
  logs: ServerLogs;
  secretFiles: SecretFiles;
  events: EventHub;
  applying: ApplyChain;
  log: (line: string) => void;
}

/** Registry, pool and vault changes → pool.apply, secret files, server logs and the EventHub. */
export function forwardCoreEvents({ registry, vault, pool, logs, secretFiles, events, applying, log }: CoreEventSources): Unsubscribe[] {
  let settings = JSON.stringify(registry.config().settings ?? {});
  return [
    registry.on('change', ({ config }) => {
      registerConfigSecrets(config, redactor);
      applying.then(
        () => pool.apply(config),
        (error: unknown) => log(redact(`applying config failed: ${errorMessage(error)}`)),
      );
    }),
    registry.on('issues', ({ issues }) => events.emit('configIssues', { issues })),
    // Settings screens of every window follow a change made in another one, or in the file.
    registry.on('change', ({ config }) => {
      const next = JSON.stringify(config.settings ?? {});
      if (next === settings) return;
      settings = next;
      events.emit('settingsChanged', {});
    }),
    // An approval made by another process (the CLI): the UI learns of it only through an event.
    registry.on('approvals', ({ servers }) => {
      for (const status of pool.statuses()) if (servers.includes(status.name)) events.emit('serverState', status);
    }),
    pool.on('state', (status) => events.emit('serverState', status)),
    pool.on('state', ({ name, state }) => {
      secretFiles.stateChanged(name, state).catch((error: unknown) => log(redact(`removing the secret files of ${name} failed: ${errorMessage(error)}`)));
    }),
    pool.on('state', (status) => logs.state(status)),
    pool.on('log', (entry) => logs.message(entry)),
    logs.on('lines', (payload) => events.emit('serverLog', payload)),
    registry.on('change', ({ config }) => logs.retain(Object.keys(config.mcpServers))),
    pool.on('inventory', (payload) => events.emit('inventoryChanged', payload)),
    // A credential a server waits for, stored here or by another process (a sign-in, a key, a secret), brings it back.
    vault.on('change', (change) => {
      for (const name of serversWaitingFor(change, pool.statuses(), registry.config())) {
        pool.start(name).catch((error: unknown) => log(redact(`starting ${name} with its new credential failed: ${errorMessage(error)}`)));
      }
    }),
  ];
}

/** Servers' requests waiting for the person → the EventHub. */
export function forwardAskEvents(waiting: WaitingAsks, events: EventHub): Unsubscribe[] {
  return [waiting.on('pending', (ask) => events.emit('askPending', ask)), waiting.on('settled', (settled) => events.emit('askSettled', settled))];
}

/** Call approvals and audit entries → the EventHub; a config change (a tool policy, say) must reach agents' listings. */
export function forwardBridgeEvents(bridge: Bridge, registry: Registry, events: EventHub, applying: ApplyChain): Unsubscribe[] {
  return [
    bridge.approvals.on('pending', (pending) => events.emit('approvalPending', pendingView(pending))),
    bridge.approvals.on('decided', ({ id, outcome, reason }) =>
      events.emit('approvalDecided', { id, decision: outcome === 'allowed' ? 'allow' : reason === 'timeout' ? 'timeout' : 'deny' }),
    ),
    bridge.audit.on('entry', (entry) => events.emit('auditEntry', entry)),
    registry.on('change', () => {
      applying.then(() => bridge.refresh());
    }),
  ];
}

export function forwardAgentEvents(agents: AgentStore, events: EventHub): Unsubscribe[] {
  return [agents.on('change', () => events.emit('agentsChanged', {}))];
}

/** Admin entries and confirmations → the EventHub; confirmations that ran out of time are logged and expired every 15 s. */
export function forwardAdminEvents(admin: AdminLog, confirmations: Confirmations | undefined, events: EventHub): Unsubscribe[] {
  const off: Unsubscribe[] = [admin.on('entry', (entry) => events.emit('adminEntry', entry))];
  if (!confirmations) return off;
  off.push(
    confirmations.on('pending', (confirmation) => events.emit('confirmationPending', confirmation)),
    confirmations.on('decided', ({ confirmation, outcome }) => {
      // A request that ran out of time or was withdrawn is logged here; decided ones were logged by whoever decided.
      // Its input is the card's (exactly what would run): the log keeps the redacted form, as the waiting entry does.
      if (outcome === 'expired' || outcome === 'withdrawn') {
        admin.record({ who: confirmation.from, method: confirmation.method, summary: confirmation.summary, input: shownInput(confirmation.method as ApiMethod, confirmation.input), outcome, confirmation: confirmation.id });
      }
      events.emit('confirmationDecided', { id: confirmation.id, outcome });
    }),
  );
  const expiry = setInterval(() => confirmations.expire(), 15_000);
  expiry.unref();
  off.push(() => clearInterval(expiry));
  return off;
}

/** Every kind of decision waiting for the person → `decisionAdded` / `decisionSettled` (beside each kind's older pair, kept for one release). */
export function forwardDecisionEvents(queue: DecisionQueue, events: EventHub): Unsubscribe[] {
  return [queue.on('added', (decision) => events.emit('decisionAdded', decision)), queue.on('settled', (record) => events.emit('decisionSettled', record))];
}
