import { isRunning, type ServerStatus } from '../../../shared/api';
import { ErrorNote } from '../../components';
import { serverActions } from '../../lib';
import { useLive, useStore } from '../../state';
import { useServerActions } from './use-server-actions';

export interface ServerActionsProps {
  status: ServerStatus;
  now: number;
  onApprove: (status: ServerStatus) => void;
}

/**
 * Running, approved and enabled: stopping and starting it again is what a person reaches for. A failed
 * one offers Connect, which is that same fresh start (crash counters reset).
 */
function canRestart(status: ServerStatus, connectShown: boolean): boolean {
  return status.enabled && status.approval !== 'pending' && !connectShown && (status.state === 'ready' || status.state === 'error');
}

/** Connect / Re-authorize / Restart / Stop / Disconnect / Enable-Disable / Approve command for one server. */
export function ServerActions({ status, now, onApprove }: ServerActionsProps) {
  const { name } = status;
  const live = useLive();
  const connecting = useStore(live.connecting).has(name);
  const { busy, error, run, clearError } = useServerActions(name);
  const actions = serverActions(status, now);
  // A program on this computer signs in when it has an "auth" block (its status then carries `auth`).
  const signingIn = connecting && (status.transport === 'http' || status.auth !== undefined || status.state === 'needs_auth');
  return (
    <div className="row-actions">
      <div className="button-row">
        {actions.approve && (
          <button
            type="button"
            className="button small primary"
            onClick={() => onApprove(status)}
            aria-label={status.transport === 'http' ? `Approve where ${name} sends secrets` : `Approve command for ${name}`}
          >
            {status.transport === 'http' ? 'Approve address' : 'Approve command'}
          </button>
        )}
        {actions.connect !== undefined && !connecting && (
          <button type="button" className="button small primary" disabled={busy !== null} onClick={() => void run('connect')} aria-label={`${actions.connect} ${name}`}>
            {actions.connect}
          </button>
        )}
        {connecting && (
          <span className="busy-text" role="status">
            {signingIn ? 'Signing in…' : 'Connecting…'}
          </span>
        )}
        {signingIn && (
          <button type="button" className="button small" onClick={() => void run('cancel')} aria-label={`Cancel sign-in to ${name}`}>
            Cancel sign-in
          </button>
        )}
        {canRestart(status, actions.connect !== undefined) && !connecting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => void run('restart')} aria-label={`Restart ${name}`}>
            {busy === 'restart' ? 'Restarting…' : 'Restart'}
          </button>
        )}
        {/* Only while it runs: a stopped or idle server has nothing to stop, and its next call starts it. */}
        {isRunning(status) && !connecting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => void run('stop')} aria-label={`Stop ${name}`}>
            {busy === 'stop' ? 'Stopping…' : 'Stop'}
          </button>
        )}
        {actions.disconnect && !connecting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => void run('disconnect')} aria-label={`Disconnect ${name}`}>
            Disconnect
          </button>
        )}
        <button
          type="button"
          className="button small"
          disabled={busy !== null || connecting}
          onClick={() => void run(actions.toggle === 'Enable' ? 'enable' : 'disable')}
          aria-label={`${actions.toggle} ${name}`}
        >
          {actions.toggle}
        </button>
      </div>
      {error && <ErrorNote error={error} onDismiss={clearError} />}
    </div>
  );
}
