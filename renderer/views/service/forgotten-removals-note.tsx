import { useCallback, useEffect, useState } from 'react';
import { PIN_KIND_WORDS, type ForgottenRemovals } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/**
 * Why a service's new tools wait though `pinning.acceptNewTools` may be on (docs/configuration.md,
 * "Pinned tools"): it removed more than are remembered. Only the person's click here resets it.
 */
export function ForgottenRemovalsNote({ server }: { server: string }) {
  const live = useLive();
  const [forgotten, setForgotten] = useState<ForgottenRemovals | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>(undefined);
  const load = useCallback(() => {
    live.api.listForgottenRemovals({ server }).then(
      (all) => setForgotten(all[0]),
      () => setForgotten(undefined),
    );
  }, [live, server]);
  useEffect(() => {
    load();
    // A listing that holds a new tool, or the reset, tells `heldChanged`.
    return live.api.on('heldChanged', (changed) => changed.server === server && load());
  }, [live, server, load]);
  if (forgotten === undefined) return null;
  const what = forgotten.kinds.map((kind) => `${PIN_KIND_WORDS[kind]}s`).join(', ');
  const reset = (): void => {
    setBusy(true);
    setError(undefined);
    live.api
      .reviewChanges({ name: server, resetForgotten: true })
      .then(load, (e: unknown) => setError(describeError(e)))
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="forgotten-title" className="panel held-changes">
      <h2 id="forgotten-title">Removed {what} forgotten</h2>
      <p>
        This service removed more {what} than are remembered (500, or 16 MiB of their definitions), so the oldest were forgotten on {new Date(forgotten.since).toISOString()}. A new one could be a
        forgotten one back, changed: its new {what} wait for your review even with <code>pinning.acceptNewTools</code>.
      </p>
      {error !== undefined && <ErrorNote error={error} />}
      <button type="button" className="button" disabled={busy} onClick={reset}>
        Approve new {what} automatically again
      </button>
    </section>
  );
}
