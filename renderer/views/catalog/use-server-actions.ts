import { useCallback, useRef, useState } from 'react';
import { revokeOutcome, type ServerStatus, type SignInProgress } from '../../../shared/api';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

export type ServerAction = 'connect' | 'connect-browser' | 'connect-device' | 'connect-retry' | 'disconnect' | 'revoke' | 'enable' | 'disable' | 'cancel' | 'restart' | 'stop';

export interface RevokeOutcome {
  text: string;
  /** Everything was revoked at its issuer (or an API key deleted): else the text says what was only deleted here. */
  revoked: boolean;
}

/** Runs a server's actions through the App API, tracking what is in flight and the last failure. */
export function useServerActions(name: string) {
  const live = useLive();
  const [busy, setBusy] = useState<ServerAction | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  /** After a revoke: what was revoked, or only deleted here and why (the CLI's words). */
  const [outcome, setOutcome] = useState<RevokeOutcome | null>(null);
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
        else if (action === 'revoke') {
          const result = await api.disconnect({ name, revoke: true });
          setOutcome({ text: revokeOutcome(name, result), revoked: result.revoked === true || result.forgotApiKey === true });
          status = result;
        } else if (action === 'disconnect') status = await api.disconnect({ name });
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
        if (run === latest.current && isConnect) {
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

  return { busy, error, run, clearError: () => setError(null), outcome, clearOutcome: () => setOutcome(null) };
}

/**
 * A connect's failure that its sign-in's note already tells: the note's event may arrive after the
 * connect's answer, so the check at the failure cannot see it yet.
 */
export function toldBySignInNote(error: ShownError, signIn: SignInProgress | undefined): boolean {
  return signIn?.state === 'failed' && signIn.message !== undefined && error.message === signIn.message;
}
