import { DEFAULT_STOP_GRACE_MS } from './stdio-options';
import { stopLeftoverRuns } from './leftover-runs';
import { runLedgerFor, type RunLedger } from './run-ledger';
import type { PoolOptions } from './types';

/**
 * The pool's run ledger (Linux, with `runsDir`), after it has stopped what a gone app process left
 * running; undefined elsewhere. The leftovers are stopped in the background: a start-up does not
 * wait for them, and this pool's own runs are never among them (their records name a live owner).
 */
export function openRunLedger(options: Pick<PoolOptions, 'runsDir' | 'stopGraceMs' | 'onLeftovers'>, log: (line: string) => void, platform: NodeJS.Platform = process.platform): RunLedger | undefined {
  if (options.runsDir === undefined || platform !== 'linux') return undefined;
  const ledger = runLedgerFor(options.runsDir);
  void stopLeftoverRuns(options.runsDir, options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS, log, options.onLeftovers, platform).catch((error: unknown) => log(`stopping what an earlier run of the app left running failed: ${String(error)}`));
  return ledger;
}
