import type { ServerStatus } from '../../shared/api';
import { canonicalJson } from '../../shared/config';
import { redact } from '../../shared/redact';
import type { Pool } from '../pool';
import type { Registry } from '../registry';
import type { ApplyChain } from './apply-chain';
import type { EventHub } from './event-hub';

export interface WarmUpOptions {
  pool: Pool;
  registry: Pick<Registry, 'config'>;
  applying: ApplyChain;
  events: Pick<EventHub, 'on'>;
  log: (line: string) => void;
  /** True once the core closes: failures it caused are not worth a line. */
  closing: () => boolean;
}

/**
 * Starts once in the background each server never inventoried (enabled, idle, not waiting for
 * approval) so that its tools are known, to the screens and to agents' listings, before anyone
 * calls it: the config's servers after it is applied, and later each one added or approved. Each
 * entry is tried once as it is written; a failure is its state (`error`), not retried here.
 * Returns the unsubscribe.
 */
export function warmUpServers({ pool, registry, applying, events, log, closing }: WarmUpOptions): () => void {
  const tried = new Set<string>();
  const warm = (status: ServerStatus): void => {
    if (status.inventoryUpdatedAt !== undefined || !status.enabled || status.approval === 'pending' || status.state !== 'idle') return;
    const config = registry.config().mcpServers[status.name];
    if (!config) return;
    const entry = `${status.name}\0${canonicalJson(config)}`;
    if (tried.has(entry)) return;
    tried.add(entry);
    pool.start(status.name).catch((error: unknown) => {
      if (!closing()) log(redact(`warming up ${status.name} failed: ${String(error)}`));
    });
  };
  applying.then(() => {
    for (const status of pool.statuses()) warm(status);
  });
  // An entry added, or approved here or by another process, says so with its state (the status
  // itself: reading every status per event would cost each one's approval hash).
  return events.on('serverState', (status) => {
    if (status.inventoryUpdatedAt !== undefined || status.state !== 'idle') return;
    applying.then(() => {
      if (!closing()) warm(status);
    });
  });
}
