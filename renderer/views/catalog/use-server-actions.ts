import { useCallback, useRef, useState } from 'react';
import { disconnectOutcome, type DisconnectOutcome, type ServerStatus, type SignInProgress } from '../../../shared/api';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

export type ServerAction = 'connect' | 'connect-browser' | 'connect-device' | 'connect-retry' | 'disconnect' | 'revoke' | 'enable' | 'disable' | 'cancel' | 'restart' | 'stop';

/** Runs a server's actions through the App API, tracking what is in flight, the last failure and what a disconnect did. */
export function useServerActions(name: string) {
  const live = useLive();
  const [busy, setBusy] = useState<ServerAction | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  // What a disconnect did, as the CLI says it: a deleted API key is not revoked, a token may stay live.
  const [outcome, setOutcome] = useState<DisconnectOutcome | null>(null);
  /** The latest run: a connect replaced by "Start again" ends (cancelled) after its successor began, and says nothing. */
  const latest = useRef(0);

  const run = useCallback(
    async (action: ServerAction): Promise<void> => {
      const { api, servers, connecting } = live;
      setError(null);
      setOutcome(null);
      if (action === 'cancel') {
        // Cancelling must work while a connect is in flight, so it does not take the busy slot.
        await api.cancelLogin({ name }).catch((e: unknown) => setError(describeError(e)));
        return;
      }
      setBusy(action);
      const run = ++latest.current;
      const isConnect = action === 'connect' || action === 'connect-browser' || action === 'connect-device' || action === 'connect-retry';
      if (isConnect) connecting.update((set) => new Set(set).add(name));
      try {
        let status: ServerStatus | undefined;
        if (isConnect) {
          // Start again in the flow that was running (a code stays a code).
          const last = live.signIns.get().get(name)?.flow;
          const again = action === 'connect-retry' && (last === 'browser' || last === 'device') ? last : undefined;
          const flow = action === 'connect-browser' ? 'browser' : action === 'connect-device' ? 'device' : again;
          // Asked by name ("Sign in with the browser", "with a code"): a fresh sign-in even while one is held.
          const asked = action === 'connect-browser' || action === 'connect-device' ? { signIn: true } : {};
          status = await api.connect({ name, ...(flow ? { flow } : {}), ...(action === 'connect-retry' ? { retry: true } : {}), ...asked });
        } else if (action === 'restart') status = await api.restartServer({ name });
        else if (action === 'stop') status = await api.stopServer({ name });
        else if (action === 'disconnect' || action === 'revoke') {
          const answer = await api.disconnect(action === 'revoke' ? { name, revoke: true } : { name });
          status = answer;
          if (run === latest.current) setOutcome(disconnectOutcome(name, action === 'revoke', answer));
        }
        else await api.setServerEnabled({ name, enabled: action === 'enable' });
        if (status) servers.upsert(status);
        else await servers.refresh();
      } catch (failure) {
        if (run !== latest.current) return;
        // A sign-in that ended (cancelled, expired, failed) is told by its own note, with what to do next.
        const ended = isConnect && live.signIns.get().get(name)?.state;
        if (ended !== 'cancelled' && ended !== 'expired' && ended !== 'failed') setError(describeError(failure));
        // A failed connect leaves the server in a new state (error, needs sign-in); show it.
        await servers.refresh();
      } finally {
        // A stop ends a connect under way (its Cancel): the connect, no longer the latest, leaves it to the stop.
        if (run === latest.current && (isConnect || action === 'stop')) {
          connecting.update((set) => {
            const next = new Set(set);
            next.delete(name);
            return next;
          });
        }
        if (run === latest.current) setBusy(null);
      }
    },
    [live, name],
  );

  return { busy, error, outcome, run, clearError: () => setError(null), clearOutcome: () => setOutcome(null) };
}

/**
 * A connect's failure that its sign-in's note already tells: the note's event may arrive after the
 * connect's answer, so the check at the failure cannot see it yet.
 */
export function toldBySignInNote(error: ShownError, signIn: SignInProgress | undefined): boolean {
  return signIn?.state === 'failed' && signIn.message !== undefined && error.message === signIn.message;
}
