import { useCallback, useState } from 'react';
import type { ServerStatus } from '../../../shared/api';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

export type ServerAction = 'connect' | 'connect-browser' | 'connect-device' | 'disconnect' | 'revoke' | 'enable' | 'disable' | 'cancel' | 'restart' | 'stop';

/** Runs a server's actions through the App API, tracking what is in flight and the last failure. */
export function useServerActions(name: string) {
  const live = useLive();
  const [busy, setBusy] = useState<ServerAction | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  const run = useCallback(
    async (action: ServerAction): Promise<void> => {
      const { api, servers, connecting } = live;
      setError(null);
      if (action === 'cancel') {
        // Cancelling must work while a connect is in flight, so it does not take the busy slot.
        await api.cancelLogin({ name }).catch((e: unknown) => setError(describeError(e)));
        return;
      }
      setBusy(action);
      const isConnect = action === 'connect' || action === 'connect-browser' || action === 'connect-device';
      if (isConnect) connecting.update((set) => new Set(set).add(name));
      try {
        let status: ServerStatus | undefined;
        if (isConnect) {
          const flow = action === 'connect-browser' ? 'browser' : action === 'connect-device' ? 'device' : undefined;
          status = await api.connect(flow ? { name, flow } : { name });
        } else if (action === 'restart') status = await api.restartServer({ name });
        else if (action === 'stop') status = await api.stopServer({ name });
        else if (action === 'disconnect' || action === 'revoke') status = await api.disconnect(action === 'revoke' ? { name, revoke: true } : { name });
        else await api.setServerEnabled({ name, enabled: action === 'enable' });
        if (status) servers.upsert(status);
        else await servers.refresh();
      } catch (failure) {
        setError(describeError(failure));
        // A failed connect leaves the server in a new state (error, needs sign-in); show it.
        await servers.refresh();
      } finally {
        if (isConnect) {
          connecting.update((set) => {
            const next = new Set(set);
            next.delete(name);
            return next;
          });
        }
        setBusy(null);
      }
    },
    [live, name],
  );

  return { busy, error, run, clearError: () => setError(null) };
}
