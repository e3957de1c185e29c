import type { ServerStatus } from '../../../shared/api';
import { ConfirmDialog } from '../../components';
import { useLive } from '../../state';

export interface ApproveCommandDialogProps {
  status: ServerStatus;
  onClose: () => void;
  /** After an edit: the command changed, and once approved the server is restarted with it. */
  changed?: boolean;
  returnFocusTo?: HTMLElement | null;
}

/** Shows the exact, untruncated command line before the person lets it run. */
export function ApproveCommandDialog({ status, onClose, changed, returnFocusTo }: ApproveCommandDialogProps) {
  const live = useLive();
  return (
    <ConfirmDialog
      title={changed ? `Approve the changed command of ${status.name}` : `Approve the command of ${status.name}`}
      confirmLabel={changed ? 'Approve and restart' : 'Approve and allow it to run'}
      onClose={onClose}
      {...(returnFocusTo !== undefined ? { returnFocusTo } : {})}
      onConfirm={async () => {
        await live.api.approveServer({ name: status.name, ...(status.commandLine !== undefined ? { commandLine: status.commandLine } : {}) });
        if (changed && status.enabled) live.servers.upsert(await live.api.restartServer({ name: status.name }));
        await live.servers.refresh();
      }}
    >
      {changed && <p>You changed what {status.name} runs, so it waits for your approval again.</p>}
      <p>This program will run on this computer with your permissions whenever {status.name} is used:</p>
      <pre className="command-line" role="group" aria-label="Command line" tabIndex={0}>
        {status.commandLine ?? '(the core did not report a command line)'}
      </pre>
      <p className="muted">Approve it only if you recognise it, with every variable set before it. If any of it changes later, you will be asked again.</p>
    </ConfirmDialog>
  );
}
