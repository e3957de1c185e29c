import { writeFileSync } from 'node:fs';
import type * as Writer from '../../electron/app/client-setup/client-writer';
import type { ApplyHooks, PlannedChange } from '../../electron/app/client-setup/client-writer';

/** What a client writes into its file while ours is on its way to the rename (undefined: nothing). */
export const client = { writes: undefined as string | undefined };

/**
 * client-writer whose `applyChange` lets the client write `client.writes` into the target just before
 * the rename. For a test's `vi.mock('./client-writer', …)` factory; it imports this module with
 * `await import`, since the factory runs before the test's own imports.
 */
export function racingClientWriter(real: typeof Writer): typeof Writer {
  const applyChange = (change: PlannedChange, base: string | undefined, now: number, hooks: ApplyHooks = {}) =>
    real.applyChange(change, base, now, {
      beforeRename: () => {
        if (client.writes !== undefined) writeFileSync(change.target, client.writes);
        hooks.beforeRename?.();
      },
    });
  return { ...real, applyChange };
}
