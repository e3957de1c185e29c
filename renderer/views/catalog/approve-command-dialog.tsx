import type { ServerStatus } from '../../../shared/api';
import { ConfirmDialog } from '../../components';
import { serverRowFocus, shownLine } from '../../lib';
import { useLive } from '../../state';

export interface ApproveCommandDialogProps {
  status: ServerStatus;
  onClose: () => void;
  /** After an edit: the command changed, and once approved the server is restarted with it. */
  changed?: boolean;
  returnFocusTo?: HTMLElement | null;
}

/**
 * Shows the exact, untruncated command line before the person lets it run; for a URL server that
 * sends secrets, the address and which secret goes in which header.
 */
export function ApproveCommandDialog(props: ApproveCommandDialogProps) {
  return props.status.transport === 'http' ? <ApproveDestinationDialog {...props} /> : <ApproveRunDialog {...props} />;
}

/**
 * Approves exactly what the person was shown; after an edit, restarts the server with it. A restart
 * that fails leaves the approval given: the dialog closes (its question is answered) and the service's
 * row and page show why it did not start, from the status read after.
 */
async function approve(live: ReturnType<typeof useLive>, status: ServerStatus, changed: boolean | undefined): Promise<void> {
  await live.api.approveServer({ name: status.name, ...(status.commandLine !== undefined ? { commandLine: status.commandLine } : {}) });
  if (changed && status.enabled) {
    const restarted = await live.api.restartServer({ name: status.name }).catch(() => undefined);
    if (restarted !== undefined) live.servers.upsert(restarted);
  }
  await live.servers.refresh();
}

function ApproveRunDialog({ status, onClose, changed, returnFocusTo }: ApproveCommandDialogProps) {
  const live = useLive();
  return (
    <ConfirmDialog
      title={changed ? `Approve the changed command of ${status.name}` : `Approve the command of ${status.name}`}
      confirmLabel={changed ? 'Approve and restart' : 'Approve and allow it to run'}
      onClose={onClose}
      {...(returnFocusTo !== undefined ? { returnFocusTo } : {})}
      // Approved, its button is gone: focus goes to the row's next step (Connect) or its name.
      fallbackFocus={() => serverRowFocus(status.name)}
      onConfirm={() => approve(live, status, changed)}
    >
      {changed && <p>You changed what {status.name} runs, so it waits for your approval again.</p>}
      <p>This program will run on this computer with your permissions whenever {status.name} is used:</p>
      <pre className="command-line" role="group" aria-label="Command line" tabIndex={0}>
        {status.commandLine !== undefined ? shownLine(status.commandLine) : '(the core did not report a command line)'}
      </pre>
      {status.argumentSecrets !== undefined && status.argumentSecrets.length > 0 && <ArgumentSecretsWarning name={status.name} refs={status.argumentSecrets} />}
      <p className="muted">Approve it only if you recognise it, with every variable set before it. If any of it changes later, you will be asked again.</p>
    </ConfirmDialog>
  );
}

/** A secret in a program's arguments is readable by every account on the computer (ps): said where the person decides. */
function ArgumentSecretsWarning({ name, refs }: { name: string; refs: readonly string[] }) {
  return (
    <p className="note note-warn" role="note" aria-label="Secrets in the command line">
      {refs.join(', ')} {refs.length === 1 ? 'goes' : 'go'} into this command line, which every account on this computer can read. If the program reads{' '}
      {refs.length === 1 ? 'it' : 'them'} from an environment variable, edit {name} to pass {refs.length === 1 ? 'it' : 'them'} there instead.
    </p>
  );
}

/** Any program of this user can write mcp.json, so where a URL server sends secrets is the person's to approve. */
function ApproveDestinationDialog({ status, onClose, changed, returnFocusTo }: ApproveCommandDialogProps) {
  const live = useLive();
  return (
    <ConfirmDialog
      title={`Approve where ${status.name} sends its secrets`}
      confirmLabel={changed ? 'Approve and restart' : 'Approve and allow it to connect'}
      onClose={onClose}
      {...(returnFocusTo !== undefined ? { returnFocusTo } : {})}
      // Approved, its button is gone: focus goes to the row's next step (Connect) or its name.
      fallbackFocus={() => serverRowFocus(status.name)}
      onConfirm={() => approve(live, status, changed)}
    >
      {changed && <p>You changed where {status.name} sends its secrets, so it waits for your approval again.</p>}
      <p>Whenever {status.name} is used, these secrets from your vault are sent to this address:</p>
      <pre className="command-line" role="group" aria-label="Address and secrets" tabIndex={0}>
        {status.commandLine !== undefined ? shownLine(status.commandLine) : '(the core did not report the address)'}
      </pre>
      <p className="muted">
        Approve it only if you recognise the address: another program on this computer could have written it. If the address or a header changes later, you
        will be asked again.
      </p>
    </ConfirmDialog>
  );
}
