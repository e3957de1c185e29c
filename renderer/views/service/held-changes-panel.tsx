import { useCallback, useEffect, useState } from 'react';
import { MAX_PIN_DECISIONS, PIN_KIND_WORDS, skippedWords, type HeldChange, type PinDecision, type RemovedItem, type SchemaChange, type WordChange } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { ErrorNote } from '../../components';
import { describeError, timestamp, type ShownError } from '../../lib';
import { useDecisions, useLive } from '../../state';

function SchemaLine({ change }: { change: SchemaChange }) {
  const what = change.name !== undefined ? `${change.part} ${revealHidden(change.name)}` : change.part;
  if (change.change === 'added') return <li className="schema-added">+ {what}: <code>{revealHidden(change.after ?? '')}</code></li>;
  if (change.change === 'removed') return <li className="schema-removed">− {what}: <code>{revealHidden(change.before ?? '')}</code></li>;
  if (change.change === 'changed') {
    return (
      <li>
        ~ {what}: <del><code>{revealHidden(change.before ?? '')}</code></del> → <ins><code>{revealHidden(change.after ?? '')}</code></ins>
      </li>
    );
  }
  return <li>~ {what} is now {change.change}</li>;
}

/** One run of the description's diff; what was left out says how much. */
function WordPart({ part }: { part: WordChange }) {
  switch (part.op) {
    case 'same':
      return <span>{revealHidden(part.text)}</span>;
    case 'added':
      return <ins>{revealHidden(part.text)}</ins>;
    case 'removed':
      return <del>{revealHidden(part.text)}</del>;
    case 'skipped':
      return <span className="skipped">{skippedWords(part)}</span>;
  }
}

function HeldItem({ held, busy, decide }: { held: HeldChange; busy: boolean; decide: (decision: 'accept' | 'refuse') => void }) {
  const word = PIN_KIND_WORDS[held.kind];
  const label = `${word} ${held.name}`;
  return (
    <li className="held-change" aria-label={label}>
      <h3>
        {word.charAt(0).toUpperCase() + word.slice(1)} <code>{revealHidden(held.name)}</code> — {held.change === 'added' ? 'new' : 'changed'}
      </h3>
      <p className="word-diff" aria-label={`Description of ${label}`}>
        {held.description.map((part, i) => <WordPart key={i} part={part} />)}
      </p>
      {held.schema.length > 0 && (
        <ul className="schema-changes" aria-label={`Schema changes of ${label}`}>
          {held.schema.map((change, i) => <SchemaLine key={i} change={change} />)}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => decide('accept')} aria-label={`Accept ${label}`}>
          Accept
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => decide('refuse')} aria-label={`Refuse ${label}`}>
          Refuse
        </button>
      </div>
    </li>
  );
}

/** The newest removals shown; the rest counted. */
const MAX_REMOVED_SHOWN = 20;

/** Decisions in batches the core takes at once. */
function inBatches(all: readonly PinDecision[]): PinDecision[][] {
  const batches: PinDecision[][] = [];
  for (let i = 0; i < all.length; i += MAX_PIN_DECISIONS) batches.push(all.slice(i, i + MAX_PIN_DECISIONS));
  return batches;
}

const dismissal = (item: RemovedItem): PinDecision => ({ kind: item.kind, name: item.name, decision: 'dismiss' });

/**
 * What agents lost when the service stopped listing it, beside what waits: the removed half of a rename.
 * Dismissed, an item leaves this list; its approval is still remembered, so listed again changed, it waits.
 */
function RemovedList({ removed, busy, dismiss }: { removed: RemovedItem[]; busy: boolean; dismiss: (decisions: PinDecision[]) => void }) {
  return (
    <>
      <h3>Removed by the service</h3>
      <p>Agents no longer see these. Listed again, one that changed waits for your review.</p>
      <ul aria-label="Removed by the service">
        {removed.slice(0, MAX_REMOVED_SHOWN).map((item) => (
          <li key={`${item.kind}/${item.name}`} className="held-change removed">
            removed: {PIN_KIND_WORDS[item.kind]} <code>{revealHidden(item.name)}</code> (no longer listed since {timestamp(item.removedAt)}){' '}
            <button type="button" className="button" disabled={busy} onClick={() => dismiss([dismissal(item)])} aria-label={`Dismiss the removed ${PIN_KIND_WORDS[item.kind]} ${revealHidden(item.name)}`}>
              Dismiss
            </button>
          </li>
        ))}
        {removed.length > MAX_REMOVED_SHOWN && <li className="held-change removed">…and {removed.length - MAX_REMOVED_SHOWN} more removed earlier</li>}
      </ul>
      {removed.length > 1 && (
        <button type="button" className="button" disabled={busy} onClick={() => dismiss(removed.map(dismissal))}>
          Dismiss all {removed.length} removed
        </button>
      )}
    </>
  );
}

/**
 * Accept all as what is shown: each item with the digest read, so the core refuses the lot if one
 * changed since, and what arrived after is left waiting (unlike the CLI's `--accept-all`).
 */
function shownAccepts(held: readonly HeldChange[]): PinDecision[][] {
  return inBatches(held.map((h): PinDecision => ({ kind: h.kind, name: h.name, decision: 'accept', ...(h.digest !== undefined ? { digest: h.digest } : {}) })));
}

/**
 * What a server lists that agents do not see yet (docs/configuration.md, "Pinned tools"): each new
 * or changed tool and prompt with its word diff and schema changes, accepted or refused one by one.
 */
export function HeldChangesPanel({ server }: { server: string }) {
  const live = useLive();
  const held = useDecisions('toolChange').filter((d) => d.item.server === server);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>(undefined);
  const [removed, setRemoved] = useState<RemovedItem[]>([]);
  const load = useCallback(() => {
    live.api.listRemoved({ server }).then(setRemoved, () => setRemoved([]));
  }, [live, server]);
  useEffect(() => {
    load();
    // A listing that removes something tells `heldChanged`, as one that holds something.
    return live.api.on('heldChanged', (changed) => changed.server === server && load());
  }, [live, server, load]);
  if (held.length === 0 && removed.length === 0) return null;
  // Each leaves the list by the core's decisionSettled: what was decided is what the core says.
  const run = (work: () => Promise<unknown>): void => {
    setBusy(true);
    setError(undefined);
    work()
      .catch((e: unknown) => setError(describeError(e)))
      .finally(() => setBusy(false));
  };
  const acceptShown = async (): Promise<void> => {
    for (const decisions of shownAccepts(held.map((d) => d.item))) await live.api.reviewChanges({ name: server, decisions });
  };
  const dismissAll = async (decisions: PinDecision[]): Promise<void> => {
    for (const batch of inBatches(decisions)) await live.api.reviewChanges({ name: server, decisions: batch });
    load();
  };
  return (
    <section aria-labelledby="held-title" className="panel held-changes">
      <h2 id="held-title">{held.length > 0 ? `Tool changes to review (${held.length})` : 'Tool changes'}</h2>
      {held.length > 0 && <p>Agents keep seeing what you approved until you decide. What you refuse never reaches them.</p>}
      {error !== undefined && <ErrorNote error={error} />}
      {held.length > 0 && (
        <ul>
          {held.map((d) => (
            <HeldItem key={d.id} held={d.item} busy={busy} decide={(decision) => run(() => live.api.decide({ kind: 'toolChange', id: d.id, answer: { decision, ...(d.item.digest !== undefined ? { digest: d.item.digest } : {}) } }))} />
          ))}
        </ul>
      )}
      {removed.length > 0 && <RemovedList removed={removed} busy={busy} dismiss={(decisions) => run(() => dismissAll(decisions))} />}
      {held.length > 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => run(acceptShown)}>
          Accept all
        </button>
      )}
    </section>
  );
}
