import { useState } from 'react';
import { revokePlan } from '../../../shared/api';
import { ConfirmDialog } from '../../components';

interface DisconnectDialogProps {
  server: string;
  issuer?: string | undefined;
  /** An API key's service: the key is deleted here, not revoked. */
  apiKey?: boolean;
  /** Services signed in with the same client at the same issuer: revoking would sign them out too. */
  sharesGrantWith?: string[] | undefined;
  onDisconnect: (revoke: boolean) => Promise<void>;
  onClose: () => void;
}

/** Disconnect from a service row asks first, as on the Access page: a sign-in is not undone by a click. */
export function DisconnectDialog({ server, issuer, apiKey = false, sharesGrantWith, onDisconnect, onClose }: DisconnectDialogProps) {
  const [revoke, setRevoke] = useState(false);
  return (
    <ConfirmDialog title={`Disconnect ${server}`} confirmLabel="Disconnect" danger onClose={onClose} onConfirm={() => onDisconnect(revoke)} fallbackFocus={() => document.getElementById(`server-${server}`)}>
      {apiKey ? (
        // A key is no sign-in: Disconnect stops the service, and the key stays unless it is deleted here.
        <p>
          {server} is stopped: agents cannot use it until you connect it again. Its API key stays in the vault unless you delete it below.
        </p>
      ) : (
        <p>The sign-in is forgotten: agents cannot use {server} until you sign in again.</p>
      )}
      <label className="check">
        <input type="checkbox" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} />{' '}
        {/* A key has no issuer the app can revoke it at: it is deleted here, and revoked where it was issued. */}
        {apiKey ? 'Also delete its API key from the vault (revoke it where it was issued)' : `Also revoke it at the issuer${issuer !== undefined ? ` (${issuer})` : ''}`}
      </label>
      {revoke && !apiKey && <p>{revokePlan(server, issuer, sharesGrantWith)}</p>}
    </ConfirmDialog>
  );
}
