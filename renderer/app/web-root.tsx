import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppApi } from '../../shared/api';
import { createHttpClient, watchSessionToken, type OnConnection, type WatchScope } from '../api';
import type { Clock } from '../lib';
import { createConnectionStore } from '../state';
import { App } from './app';
import { SignInNeeded } from './sign-in-needed';

/** An App API for one secret; `close` (when present) ends its event stream. */
export type WebApi = AppApi & { close?: () => void };

export interface WebRootProps {
  /** The secret this tab already had, if any. */
  token: string | undefined;
  /** Builds the client for a secret (tests pass a fake); reports whether the core answers it. */
  connect?: (token: string, onConnection: OnConnection) => WebApi;
  /** Where a pasted address arrives (`window`). */
  scope?: WatchScope;
  clock?: Clock;
}

interface Session {
  id: number;
  api: WebApi;
}

const httpConnect = (token: string, onConnection: OnConnection): WebApi => createHttpClient({ token, onConnection });

/**
 * Web mode: the app for the secret this tab holds, switched at once when the address `serve`
 * printed is pasted (only the fragment changes, so the page does not reload). The new session gets a
 * fresh app (event stream, data, route); reports from the old client are ignored.
 */
export function WebRoot({ token, connect = httpConnect, scope = window, clock }: WebRootProps) {
  const connection = useMemo(() => createConnectionStore(), []);
  const count = useRef(0);
  const latest = useRef<Session | undefined>(undefined);
  const open = (secret: string): Session => {
    const id = ++count.current;
    const report: OnConnection = (state) => {
      if (latest.current?.id === id) connection.set(state);
    };
    return { id, api: connect(secret, report) };
  };
  const [session, setSession] = useState<Session | undefined>(() => (token === undefined ? undefined : open(token)));
  latest.current = session;

  useEffect(
    () =>
      watchSessionToken(scope, (secret) => {
        latest.current?.api.close?.();
        const next = open(secret);
        latest.current = next;
        connection.set('live');
        setSession(next);
      }),
    // `open` and `connect` are fixed for the page's life.
    [scope, connection],
  );

  if (!session) return <SignInNeeded />;
  return <App key={session.id} api={session.api} connection={connection} {...(clock ? { clock } : {})} />;
}
