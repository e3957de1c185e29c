import { ConfirmDialog } from '../../components';
import { navigate } from '../../lib';
import { useLive } from '../../state';

export function RemoveServiceDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const live = useLive();
  return (
    <ConfirmDialog
      title={`Remove ${name}`}
      confirmLabel="Remove service"
      danger
      onClose={onClose}
      onConfirm={async () => {
        await live.api.removeServer({ name });
        await live.servers.refresh();
        navigate({ screen: 'catalog' });
      }}
    >
      <p>{name} will be removed from mcp.json and agents will no longer see its tools. Its secrets stay in the vault until you delete them on Access.</p>
    </ConfirmDialog>
  );
}
