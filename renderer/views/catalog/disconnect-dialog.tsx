import { useState } from 'react';
import { ConfirmDialog } from '../../components';

/** Disconnect from a service row asks first, as on the Access page: a sign-in is not undone by a click. */
export function DisconnectDialog({ server, issuer, apiKey = false, onDisconnect, onClose }: { server: string; issuer?: string | undefined; apiKey?: boolean; onDisconnect: (revoke: boolean) => Promise<void>; onClose: () => void }) {
  const [revoke, setRevoke] = useState(false);
  return (
    <ConfirmDialog title={`Disconnect ${server}`} confirmLabel="Disconnect" danger onClose={onClose} onConfirm={() => onDisconnect(revoke)} fallbackFocus={() => document.getElementById(`server-${server}`)}>
      <p>The sign-in is forgotten: agents cannot use {server} until you sign in again.</p>
      <label className="check">
        <input type="checkbox" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} />{' '}
        {/* A key has no issuer the app can revoke it at: it is deleted here, and revoked where it was issued. */}
        {apiKey ? 'Also delete its API key from the vault (revoke it where it was issued)' : `Also revoke it at the issuer${issuer !== undefined ? ` (${issuer})` : ''}`}
      </label>
    </ConfirmDialog>
  );
}
