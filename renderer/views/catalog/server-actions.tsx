import { useRef, useState } from 'react';
import { currentError, isRunning, type ServerStatus } from '../../../shared/api';
import { fieldAtFault, fixInEntry } from '../../../shared/errors';
import { ErrorNote, OutcomeNote } from '../../components';
import { connectWith, editFieldHint, focusIfLost, nextStep, pageLastError, serverActions, serverRowFocus, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import { ApiKeyDialog } from '../device-login/api-key-dialog';
import { SignInProgressPanel } from '../device-login/sign-in-progress';
import { DisconnectDialog } from './disconnect-dialog';
import { toldBySignInNote, useServerActions } from './use-server-actions';

export interface ServerActionsProps {
  status: ServerStatus;
  now: number;
  onApprove: (status: ServerStatus) => void;
  /** The page shows the server's last error in full (its page's Last error): an action's error that is that one is not said again. */
  lastErrorShown?: boolean;
  /** Where the page has no Edit of its own (a Services row): opens the service's edit form. */
  onEdit?: (status: ServerStatus) => void;
}

/**
 * Running, approved and enabled: stopping and starting it again is what a person reaches for. A failed
 * one has Restart as its next step already.
 */
function canRestart(status: ServerStatus, stepShown: boolean): boolean {
  return status.enabled && status.approval !== 'pending' && !stepShown && (status.state === 'ready' || status.state === 'error');
}

/** The core's sign-in hints name the command line's connect: here the step's button beside the note does it. */
function withButton(error: ShownError, label: string): ShownError {
  return error.hint === undefined ? error : { ...error, hint: connectWith(error.hint, `“${label}”`) };
}

/** An entry error beside the row's Edit: the field by the form's label and Edit, not mcp.json's key. */
function withEdit(error: ShownError): ShownError {
  const at = fieldAtFault(error);
  return at === undefined ? error : { ...error, hint: editFieldHint(at) };
}

/**
 * One server's next step (Sign in, Enter API key, Grant more access, Connect, Approve; nothing when it is
 * healthy), a sign-in in progress with its address and Cancel, then Restart / Stop / Disconnect / Enable.
 */
export function ServerActions({ status, now, onApprove, lastErrorShown = false, onEdit }: ServerActionsProps) {
  const { name } = status;
  const live = useLive();
  const connecting = useStore(live.connecting).has(name);
  const signIn = useStore(live.signIns).get(name);
  const { busy, error, outcome, run, clearError, clearOutcome } = useServerActions(name);
  const [keyOpen, setKeyOpen] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const connectingRef = useRef<HTMLSpanElement>(null);
  const actions = serverActions(status);
  const step = nextStep(status, now);
  const waiting = signIn?.state === 'waiting';
  // Its URL, host or command is what failed: restarting will not help until the entry is fixed, so Edit leads.
  const editFirst = onEdit !== undefined && status.fromCode !== true && fixInEntry(currentError(status));
  // Stopped by the pool for being unused: Start is offered, but nothing is wrong, so it does not lead.
  const rested = step?.kind === 'start' && status.state === 'idle';
  // An ended sign-in's note offers "Sign in again" itself.
  const noted = signIn !== undefined && signIn.state !== 'signed_in';
  const stepShown = step !== undefined && step.kind !== 'approve' && !connecting && !waiting && !(noted && step.kind !== 'enter-api-key' && step.kind !== 'connect' && step.kind !== 'start' && step.kind !== 'restart');
  // The step button leaves (Connecting…) or is disabled while it runs: focus stays in the row (WCAG 2.4.3).
  const actionsRef = useRef<HTMLDivElement>(null);
  // On the service's page there is no row: its own next step, else its first control left.
  const nextHere = (): HTMLElement | null => serverRowFocus(name) ?? actionsRef.current?.querySelector<HTMLElement>('button.primary:not(:disabled)') ?? null;
  const firstHere = (): HTMLElement | null => actionsRef.current?.querySelector<HTMLElement>('button:not(:disabled)') ?? null;
  const runStep = (action: 'restart' | 'connect') => {
    // The row's name link, a control Tab moves on from; the status text only on the service's page.
    focusIfLost(() => serverRowFocus(name) ?? connectingRef.current, nextHere);
    void run(action).then(() => focusIfLost(nextHere, firstHere));
  };
  // Stop, Restart, Enable and Disable leave or are disabled while they run: focus stays with the service.
  const runKept = (action: 'stop' | 'restart' | 'enable' | 'disable') => void run(action).then(() => focusIfLost(nextHere, firstHere));
  return (
    <div className="row-actions" ref={actionsRef}>
      <div className="button-row">
        {step?.kind === 'approve' && (
          <button
            type="button"
            className="button small primary"
            onClick={() => onApprove(status)}
            aria-label={status.transport === 'http' ? `Approve address where ${name} sends secrets` : `Approve command for ${name}`}
          >
            {status.transport === 'http' ? 'Approve address' : 'Approve command'}
          </button>
        )}
        {editFirst && (
          <button type="button" className="button small primary" onClick={() => onEdit?.(status)} aria-label={`Edit ${name}`}>
            Edit
          </button>
        )}
        {stepShown && (
          <button
            type="button"
            className={editFirst || rested ? 'button small' : 'button small primary'}
            disabled={busy !== null}
            onClick={() => (step.kind === 'enter-api-key' ? setKeyOpen(true) : runStep(step.kind === 'restart' ? 'restart' : 'connect'))}
            aria-label={step.name}
          >
            {busy === 'restart' && step.kind === 'restart' ? 'Restarting…' : step.label}
          </button>
        )}
        {connecting && !waiting && (
          <span className="busy-text" role="status" tabIndex={-1} ref={connectingRef}>
            Connecting…
          </span>
        )}
        {/* A start that hangs (a program that never answers) is stopped here rather than waited out. */}
        {connecting && !waiting && (
          <button type="button" className="button small" disabled={busy === 'stop'} onClick={() => runKept('stop')} aria-label={`Cancel connecting ${name}`}>
            Cancel
          </button>
        )}
        {canRestart(status, stepShown) && !connecting && !waiting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => runKept('restart')} aria-label={`Restart ${name}`}>
            {busy === 'restart' ? 'Restarting…' : 'Restart'}
          </button>
        )}
        {/* Only while it runs: a stopped or idle server has nothing to stop, and its next call starts it. */}
        {isRunning(status) && !connecting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => runKept('stop')} aria-label={`Stop ${name}`}>
            {busy === 'stop' ? 'Stopping…' : 'Stop'}
          </button>
        )}
        {actions.disconnect && !connecting && !waiting && (
          <button type="button" className="button small" disabled={busy !== null} onClick={() => setDisconnecting(true)} aria-label={`Disconnect ${name}`}>
            Disconnect
          </button>
        )}
        <button
          type="button"
          className="button small"
          disabled={busy !== null || connecting || waiting}
          onClick={() => runKept(actions.toggle === 'Enable' ? 'enable' : 'disable')}
          aria-label={`${actions.toggle} ${name}`}
        >
          {actions.toggle}
        </button>
      </div>
      {noted && (
        <SignInProgressPanel
          progress={signIn}
          busy={busy !== null && !waiting}
          onCancel={() => void run('cancel')}
          onRetry={() => void run('connect-retry')}
          onDismiss={() => live.signIns.dismiss(name)}
        />
      )}
      {error && !toldBySignInNote(error, signIn) && !(lastErrorShown && pageLastError(status)?.message === error.message) && (
        <ErrorNote error={editFirst && fixInEntry(error) ? withEdit(error) : stepShown ? withButton(error, step.label) : error} onDismiss={clearError} />
      )}
      {outcome && <OutcomeNote text={outcome.message} warn={!outcome.complete} onDismiss={clearOutcome} />}
      {disconnecting && (
        <DisconnectDialog server={name} issuer={status.auth?.issuer} apiKey={status.auth?.kind === 'api_key'} sharesGrantWith={status.auth?.sharesGrantWith} onDisconnect={(revoke) => run(revoke ? 'revoke' : 'disconnect')} onClose={() => setDisconnecting(false)} />
      )}
      {keyOpen && <ApiKeyDialog server={name} onClose={() => setKeyOpen(false)} fallbackFocus={() => document.getElementById(`server-${name}`)} />}
    </div>
  );
}
