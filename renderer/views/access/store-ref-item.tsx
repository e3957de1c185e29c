import { useId, useState } from 'react';
import type { StoreReferenceView, StoreUse } from '../../../shared/api';
import { Badge, CodeSpans, ConfirmDialog, SecretField, TimeAgo } from '../../components';
import { describeError, shownLine } from '../../lib';
import { useLive } from '../../state';
import { NewValueForm } from './new-value-form';
import { lastUseParts, NEVER_READ, storeWords, usersOf, usesWords } from './store-ref-model';

/** "did not resolve 4 s ago (a test): why. What to do." */
function LastUse({ use }: { use: StoreUse }) {
  const { verb, who, problem } = lastUseParts(use);
  return (
    <>
      {verb} <TimeAgo at={use.at} />
      {who}
      {problem !== undefined && (
        <>
          : <CodeSpans text={problem} />
        </>
      )}
      {use.fix !== undefined && !use.ok && (
        <span className="muted">
          {' '}
          <CodeSpans text={use.fix} />
        </span>
      )}
    </>
  );
}

/**
 * One entry of a secret store a server names (`${secret:STORE:PATH}`): its value stays in the store
 * and is read only when the person reveals it; Test reads it in the core and says whether it resolved.
 */
export function StoreRefItem({ entry, onChanged }: { entry: StoreReferenceView; onChanged: () => void }) {
  const live = useLive();
  const titleId = useId();
  const name = `${entry.store}:${entry.path}`;
  const [last, setLast] = useState<StoreUse | undefined>(entry.lastUse);
  const [testing, setTesting] = useState(false);
  const [note, setNote] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const key = { store: entry.store, path: entry.path };
  const test = () => {
    setTesting(true);
    setNote('');
    live.api.testStoreReference(key).then(
      (use) => {
        setLast(use);
        setNote(use.ok ? `${name} resolved` : `${name} did not resolve`);
      },
      (failure: unknown) => setNote(describeError(failure).message),
    ).finally(() => setTesting(false));
  };
  return (
    <li className="card credential" aria-labelledby={titleId}>
      <div className="card-head">
        <h3 id={titleId}>{shownLine(name)}</h3>
        <Badge tone="muted">secret store entry</Badge>
        {last !== undefined && <Badge tone={last.ok ? 'ok' : 'error'}>{last.ok ? 'resolves' : 'does not resolve'}</Badge>}
      </div>
      <dl className="facts">
        <dt>Store</dt>
        <dd>{storeWords(entry)}</dd>
        <dt>Reference</dt>
        <dd>
          <code>{shownLine(entry.reference)}</code>
        </dd>
        <dt>Used by</dt>
        <dd>{usesWords(entry.uses)}</dd>
        <dt>Last used</dt>
        <dd>{last === undefined ? NEVER_READ : <LastUse use={last} />}</dd>
        {entry.canReveal && (
          <>
            <dt>Value</dt>
            <dd>
              <SecretField
                value={() => live.api.revealStoreReference(key).then((r) => r.value)}
                label={`value of ${name}`}
                readFailed={`Could not read it from ${entry.store}; Test says why`}
              />
            </dd>
          </>
        )}
      </dl>
      <p className="muted">
        <CodeSpans text={entry.guidance} />
      </p>
      <div className="button-row">
        {entry.type !== 'unknown' && (
          <button type="button" className="button small" onClick={test} disabled={testing} aria-label={`Test ${name}`}>
            {testing ? 'Testing…' : 'Test'}
          </button>
        )}
        {entry.canReplace && (
          <button type="button" className="button small" onClick={() => setReplacing((v) => !v)} aria-expanded={replacing} aria-label={`Replace ${name}`}>
            Replace
          </button>
        )}
      </div>
      <p role="status" className="muted">
        <CodeSpans text={note} />
      </p>
      {replacing && entry.canReplace && (
        <NewValueForm name={name} value={value} onValue={setValue} onSubmit={() => setConfirming(true)} />
      )}
      {confirming && (
        <ConfirmDialog
          title={`Write into ${entry.store}`}
          confirmLabel={`Write into ${entry.store}`}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await live.api.setStoreSecret({ ...key, value });
            setValue('');
            setReplacing(false);
            setNote(`${name} replaced`);
            onChanged();
          }}
        >
          <p>
            This replaces “{entry.path}” in your {storeWords(entry)} store itself, for every program that reads it there, not only here. Its old value is
            gone unless the store keeps history. What uses it here: {usersOf(entry).join(', ')}.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
