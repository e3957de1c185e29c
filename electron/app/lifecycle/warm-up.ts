import { errorMessage } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { oneLineSafe } from '../../../shared/text';
import type { Pool } from '../../pool';
import type { ApplyChain } from './apply-chain';

/**
 * After the config is applied, starts once in the background each server never inventoried (enabled,
 * not waiting for approval), so a first run shows real tools. `closing()` silences failures close() caused.
 */
export function warmUpServers(pool: Pool, applying: ApplyChain, log: (line: string) => void, closing: () => boolean): void {
  applying.then(() => {
    for (const status of pool.statuses()) {
      if (status.inventoryUpdatedAt !== undefined || !status.enabled || status.approval === 'pending') continue;
      pool.start(status.name).catch((error: unknown) => {
        // Stopped by close(): not a failure worth a line.
        // One line: the server's own words in it cannot write a line that reads as another server's.
        if (!closing()) log(redact(`warming up ${status.name} failed: ${oneLineSafe(errorMessage(error))}`));
      });
    }
  });
}
