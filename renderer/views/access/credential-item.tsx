import { useId, useState } from 'react';
import { disconnectOutcome, revokePlan, type DisconnectOutcome } from '../../../shared/api';
import { Badge, ConfirmDialog, ErrorNote, SecretField, TimeAgo } from '../../components';
import { describeError, expiryText, timestamp, type ShownError } from '../../lib';
import { useLive } from '../../state';
import type { CredentialKind, CredentialRow } from './access-model';
import { NewValueForm } from './new-value-form';

const KIND: Record<CredentialKind, string> = { secret: 'API key or secret', 'client-secret': 'client secret', 'api-key': 'API key', grant: 'sign-in (OAuth)', 'agent-token': 'agent token' };

type Confirm = 'delete' | 'disconnect' | 'forget-key' | 'rotate' | 'remove' | null;

/** One credential: what it is, what uses it, when it was last used, and what can be done with it. */
/** `onChanged` gets what a disconnect did, to say beside the list: the item itself may be gone after it. */
export function CredentialItem({ row, onChanged }: { row: CredentialRow; onChanged: (outcome?: DisconnectOutcome) => void }) {
  const live = useLive();
  const titleId = useId();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [replacing, setReplacing] = useState(false);
  const [value, setValue] = useState('');
  const [revoke, setRevoke] = useState(true);
  const [newToken, setNewToken] = useState<string | null>(null);
  // What replacing the value said: why it failed (the value typed stays), or the core's warning.
  const [replaced, setReplaced] = useState<{ error?: ShownError; warning?: string } | null>(null);
  const stops = row.usedBy.length > 0 ? row.usedBy.join(', ') : 'nothing uses it now';
  // A secret's name may stand twice, one for every service and one kept for a service: its scope tells them apart.
  const scope = row.secret === undefined ? '' : row.secret.server !== undefined ? `for ${row.secret.server}` : 'for every service';
  return (
    <li className="card credential" aria-labelledby={titleId}>
      <div className="card-head">
        <h3 id={titleId}>{row.name}</h3>
        <Badge tone="muted">{KIND[row.kind]}</Badge>
        {scope !== '' && <Badge tone="muted">{scope.trim()}</Badge>}
      </div>
      <dl className="facts">
        <dt>Used by</dt>
        <dd>{row.usedBy.length > 0 ? row.usedBy.join(', ') : 'nothing yet'}</dd>
        <dt>Last used</dt>
        {/* The audit was searched back to notUsedSince only: an older use may exist, so not "no use". */}
        <dd>{row.lastUsedAt !== undefined ? <TimeAgo at={row.lastUsedAt} /> : row.notUsedSince !== undefined ? `not used since ${timestamp(row.notUsedSince)}` : 'no use recorded'}</dd>
        {row.auth?.expiresAt !== undefined && (
          <>
            <dt>Expires</dt>
            <dd>{expiryText(row.auth.expiresAt, Date.now(), row.auth.refreshable === true)}</dd>
          </>
        )}
        <dt>Details</dt>
        <dd>{row.details.join(' · ')}</dd>
        {row.secret !== undefined && (
          <>
            <dt>Value</dt>
            <dd>
              <SecretField value={() => live.api.revealSecret(row.secret ?? { name: row.name }).then((r) => r.value)} label={`value of ${row.name}`} />
            </dd>
          </>
        )}
      </dl>
      <div className="button-row">
        {row.secret !== undefined && (
          <>
            <button type="button" className="button small" onClick={() => setReplacing((v) => !v)} aria-expanded={replacing} aria-label={`Replace ${row.name}`}>
              Replace
            </button>
            <button type="button" className="button small danger" onClick={() => setConfirm('delete')} aria-label={`Delete ${row.name}`}>
              Delete
            </button>
          </>
        )}
        {row.kind === 'grant' && row.server !== undefined && (
          <>
            <button type="button" className="button small" onClick={() => void live.api.connect({ name: row.server ?? '', signIn: true }).then(() => onChanged(), () => undefined)} aria-label={`Sign in again to ${row.server}`}>
              Sign in again
            </button>
            <button type="button" className="button small danger" onClick={() => setConfirm('disconnect')} aria-label={`Disconnect ${row.server}`}>
              Disconnect
            </button>
          </>
        )}
        {row.kind === 'api-key' && row.secret === undefined && row.server !== undefined && (
          <button type="button" className="button small danger" onClick={() => setConfirm('forget-key')} aria-label={`Forget the API key of ${row.server}`}>
            Forget
          </button>
        )}
        {row.agent !== undefined && (
          <>
            <button type="button" className="button small" onClick={() => setConfirm('rotate')} aria-label={`Rotate ${row.name}`}>
              Rotate
            </button>
            <button type="button" className="button small danger" onClick={() => setConfirm('remove')} aria-label={`Revoke ${row.name}`}>
              Revoke
            </button>
          </>
        )}
      </div>
      {replacing && row.secret !== undefined && (
        <NewValueForm
          name={row.name}
          value={value}
          onValue={setValue}
          onSubmit={(typed) => {
            const secret = row.secret;
            if (secret === undefined) return;
            setReplaced(null);
            void live.api.setSecret({ ...secret, value: typed }).then(
              (written) => {
                setValue('');
                setReplacing(false);
                if (written.warning !== undefined) setReplaced({ warning: written.warning });
                onChanged();
              },
              (failure: unknown) => setReplaced({ error: describeError(failure) }),
            );
          }}
        />
      )}
      {replaced?.error !== undefined && <ErrorNote error={replaced.error} />}
      {replaced?.warning !== undefined && (
        <p className="note note-warn" role="status">
          Stored the new value. {replaced.warning}
        </p>
      )}
      {newToken !== null && (
        <div className="note note-warn">
          <p>The new token of {row.agent}, shown only now. Clients set up with the old one stop working until they get this one.</p>
          <SecretField value={newToken} label="new token" />
          <button type="button" className="button small quiet" onClick={() => setNewToken(null)}>
            I have saved it
          </button>
        </div>
      )}
      {confirm === 'delete' && row.secret !== undefined && (
        <ConfirmDialog title={`Delete ${row.name}`} confirmLabel="Delete secret" danger onClose={() => setConfirm(null)} onConfirm={async () => {
          await live.api.deleteSecret(row.secret ?? { name: row.name });
          onChanged();
        }}>
          <p>Its value is gone for good. What stops working: {stops}.</p>
        </ConfirmDialog>
      )}
      {confirm === 'disconnect' && row.server !== undefined && (
        <ConfirmDialog title={`Disconnect ${row.server}`} confirmLabel="Disconnect" danger onClose={() => setConfirm(null)} onConfirm={async () => {
          const server = row.server ?? '';
          onChanged(disconnectOutcome(server, revoke, await live.api.disconnect({ name: server, revoke })));
        }}>
          <p>The sign-in is forgotten. What stops working until you sign in again: {stops}.</p>
          <label className="check">
            <input type="checkbox" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} /> Also revoke it at the issuer{row.auth?.issuer !== undefined ? ` (${row.auth.issuer})` : ''}
          </label>
          {revoke && <p>{revokePlan(row.server, row.auth?.issuer, row.auth?.sharesGrantWith)}</p>}
        </ConfirmDialog>
      )}
      {confirm === 'forget-key' && row.server !== undefined && (
        <ConfirmDialog title={`Forget the API key of ${row.server}`} confirmLabel="Forget the API key" danger onClose={() => setConfirm(null)} onConfirm={async () => {
          const server = row.server ?? '';
          onChanged(disconnectOutcome(server, true, await live.api.disconnect({ name: server, revoke: true })));
        }}>
          <p>The key is deleted from the vault. What stops working until you enter a key again: {stops}.</p>
        </ConfirmDialog>
      )}
      {confirm === 'rotate' && row.agent !== undefined && (
        <ConfirmDialog title={`Rotate ${row.name}`} confirmLabel="Rotate token" onClose={() => setConfirm(null)} onConfirm={async () => {
          const { token } = await live.api.rotateAgent({ name: row.agent ?? '' });
          setNewToken(token);
          onChanged();
        }}>
          <p>The current token stops working at once: every client set up with it ({stops}) stops until it gets the new one.</p>
        </ConfirmDialog>
      )}
      {confirm === 'remove' && row.agent !== undefined && (
        <ConfirmDialog title={`Revoke ${row.name}`} confirmLabel="Remove agent" danger onClose={() => setConfirm(null)} onConfirm={async () => {
          await live.api.removeAgent({ name: row.agent ?? '' });
          onChanged();
        }}>
          <p>The agent and its token are removed. What stops working: its clients’ access to {stops}.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
