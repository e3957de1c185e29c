import { useState } from 'react';
import { failedServers, type ServerStatus } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { describeError, plural, type ShownError } from '../../lib';
import { useLive } from '../../state';

/** "Restart all that failed": each failed, enabled service is stopped and started again, one after another. */
export function RestartFailed({ servers }: { servers: readonly ServerStatus[] }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ restarted: string[]; failed: Array<{ name: string; error: ShownError }> } | null>(null);
  const failed = failedServers(servers);
  if (failed.length === 0 && outcome === null) return null;

  const restartAll = async () => {
    setBusy(true);
    setOutcome(null);
    const restarted: string[] = [];
    const still: Array<{ name: string; error: ShownError }> = [];
    // One at a time: a restart storm of many servers at once helps nobody.
    for (const { name } of failed) {
      try {
        live.servers.upsert(await live.api.restartServer({ name }));
        restarted.push(name);
      } catch (error) {
        still.push({ name, error: describeError(error) });
      }
    }
    await live.servers.refresh();
    setOutcome({ restarted, failed: still });
    setBusy(false);
  };

  return (
    <>
      {failed.length > 0 && (
        <button type="button" className="button small restart-failed" disabled={busy} onClick={() => void restartAll()}>
          {busy ? 'Restarting…' : `Restart all that failed (${failed.length})`}
        </button>
      )}
      {outcome && (
        <div role="status" className="restart-outcome">
          <p>
            {outcome.restarted.length > 0 ? `Restarted ${outcome.restarted.join(', ')}.` : ''}
            {outcome.failed.length > 0 ? ` ${plural(outcome.failed.length, 'service')} failed again:` : ''}{' '}
            <button type="button" className="button small quiet" onClick={() => setOutcome(null)}>
              Dismiss
            </button>
          </p>
          {outcome.failed.map(({ name, error }) => (
            <ErrorNote key={name} error={{ ...error, message: `${name}: ${error.message}` }} />
          ))}
        </div>
      )}
    </>
  );
}
