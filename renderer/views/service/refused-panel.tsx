import { useCallback, useEffect, useState } from 'react';
import { PIN_KIND_WORDS, type PinDecision, type RefusedItem } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

function RefusedRow({ item, busy, decide }: { item: RefusedItem; busy: boolean; decide: (decision: PinDecision['decision']) => void }) {
  const word = PIN_KIND_WORDS[item.kind];
  const label = `${word} ${item.name}`;
  return (
    <li className="held-change" aria-label={`Refused ${label}`}>
      <h3>
        {word.charAt(0).toUpperCase() + word.slice(1)} <code>{revealHidden(item.name)}</code> — refused{item.listed ? '' : ', no longer listed by the service'}
      </h3>
      {item.description !== undefined && <p>{revealHidden(item.description)}</p>}
      {!item.canAccept && <p>Refused before its definition was kept: forget it, and it waits for review again when the service lists it.</p>}
      {item.canAccept && !item.listed && <p>Accept it after all once the service lists it again; or forget it.</p>}
      {item.changed === true && <p>The service now lists another definition of it, not the one you refused: the refused one cannot be accepted.</p>}
      <div className="actions">
        {item.canAccept && item.listed && item.changed !== true && (
          <button type="button" className="button" disabled={busy} onClick={() => decide('accept')} aria-label={`Accept ${label} after all`}>
            Accept after all
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => decide('forget')} aria-label={`Forget ${label}`}>
          Forget
        </button>
      </div>
    </li>
  );
}

/**
 * What the person refused of a server (docs/configuration.md, "Pinned tools"): it stays from agents,
 * also once the server no longer lists it, until they accept it after all or forget the refusal.
 */
export function RefusedPanel({ server }: { server: string }) {
  const live = useLive();
  const [refused, setRefused] = useState<RefusedItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>(undefined);
  const load = useCallback(() => {
    live.api.listRefused({ server }).then(setRefused, () => setRefused([]));
  }, [live, server]);
  useEffect(() => {
    load();
    // A decision or a listing that changes what was refused tells `heldChanged`.
    return live.api.on('heldChanged', (changed) => changed.server === server && load());
  }, [live, server, load]);
  if (refused.length === 0) return null;
  const decide = (item: RefusedItem, decision: PinDecision['decision']): void => {
    setBusy(true);
    setError(undefined);
    live.api
      // The refusal shown: the core accepts it only while it is that one, and the service still lists it so.
      .reviewChanges({ name: server, decisions: [{ kind: item.kind, name: item.name, decision, ...(decision === 'accept' && item.digest !== undefined ? { digest: item.digest } : {}) }] })
      .then(load, (e: unknown) => setError(describeError(e)))
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="refused-title" className="panel held-changes">
      <h2 id="refused-title">Refused ({refused.length})</h2>
      <p>Agents never see these, nor read a refused resource. Accept one after all, or forget it: listed again, it waits for your review.</p>
      {error !== undefined && <ErrorNote error={error} />}
      <ul>
        {refused.map((item) => (
          <RefusedRow key={`${item.kind}/${item.name}`} item={item} busy={busy} decide={(decision) => decide(item, decision)} />
        ))}
      </ul>
    </section>
  );
}
