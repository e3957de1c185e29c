import type { ServerStatus } from '../../../shared/api';
import { ConfirmDialog } from '../../components';
import { useLive } from '../../state';

/** Shows the exact, untruncated command line before the person lets it run. */
export function ApproveCommandDialog({ status, onClose }: { status: ServerStatus; onClose: () => void }) {
  const live = useLive();
  return (
    <ConfirmDialog
      title={`Approve the command of ${status.name}`}
      confirmLabel="Approve and allow it to run"
      onClose={onClose}
      onConfirm={async () => {
        await live.api.approveServer({ name: status.name, ...(status.commandLine !== undefined ? { commandLine: status.commandLine } : {}) });
        await live.servers.refresh();
      }}
    >
      <p>This program will run on this computer with your permissions whenever {status.name} is used:</p>
      <pre className="command-line" role="group" aria-label="Command line" tabIndex={0}>
        {status.commandLine ?? '(the core did not report a command line)'}
      </pre>
      <p className="muted">Approve it only if you recognise it, with every variable set before it. If any of it changes later, you will be asked again.</p>
    </ConfirmDialog>
  );
}
