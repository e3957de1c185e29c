import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppApi } from '../../shared/api';
import { createHttpClient, exchangeSignInLink, requestSignInLink, watchSignInLink, type LinkRequestOutcome, type OnConnection, type SignInOutcome, type WatchScope } from '../api';
import type { Clock } from '../lib';
import { createConnectionStore } from '../state';
import { App } from './app';
import { SignInNeeded, type SignInNeededProps } from './sign-in-needed';

/** An App API for one session secret; `close` (when present) ends its event stream. */
export type WebApi = AppApi & { close?: () => void; signOut?: () => Promise<void> };

export interface WebRootProps {
  /** The one-time secret of the address this page was opened with, if any. */
  link: string | undefined;
  /** This load is a reload (the session secret, kept in memory only, is gone). */
  reloaded?: boolean;
  /** Builds the client for a session secret (tests pass a fake); reports whether the core answers it. */
  connect?: (session: string, onConnection: OnConnection, onIdle: (message: string) => void) => WebApi;
  /** Trades a link for a session secret (tests pass a fake). */
  exchange?: (link: string) => Promise<SignInOutcome>;
  /** Has serve print a new address in its terminal (tests pass a fake). */
  requestLink?: () => Promise<LinkRequestOutcome>;
  /** Where a pasted address arrives (`window`). */
  scope?: WatchScope;
  clock?: Clock;
}

interface Session {
  id: number;
  api: WebApi;
}

type SignIn = SignInNeededProps['signIn'];

const httpConnect = (token: string, onConnection: OnConnection, onIdle: (message: string) => void): WebApi => createHttpClient({ token, onConnection, onIdle, input: window, ...(navigator.userActivation ? { activation: navigator.userActivation } : {}) });

/**
 * Web mode: the printed address's one-time secret is traded for a session secret, and the app runs
 * on that; an address pasted into the open tab (only the fragment changes, so no reload) signs in
 * again and switches at once to a fresh app (event stream, data, route); the old client's reports
 * are ignored. A refused address keeps a working session as it is.
 */
export function WebRoot({ link, reloaded = false, connect = httpConnect, exchange = exchangeSignInLink, requestLink = requestSignInLink, scope = window, clock }: WebRootProps) {
  const connection = useMemo(() => createConnectionStore(), []);
  const count = useRef(0);
  const latest = useRef<Session | undefined>(undefined);
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [signIn, setSignIn] = useState<SignIn>(link === undefined ? { state: 'none' } : { state: 'waiting' });
  latest.current = session;

  const signInWith = useRef((secret: string) => {
    if (latest.current === undefined) setSignIn({ state: 'waiting' });
    void exchange(secret).then((outcome) => {
      if (!('session' in outcome)) {
        if (latest.current === undefined) setSignIn('refused' in outcome ? { state: 'refused', error: outcome.refused } : { state: 'lost' });
        return;
      }
      latest.current?.api.close?.();
      const id = ++count.current;
      const report: OnConnection = (state) => {
        if (latest.current?.id === id) connection.set(state);
      };
      const next = { id, api: connect(outcome.session, report, (message) => signedOut(id, { state: 'idle', message })) };
      latest.current = next;
      connection.set('live');
      setSession(next);
    });
  }).current;

  /** The session `id` ended (idle, or the person signed out): the sign-in screen says why. */
  const signedOut = useRef((id: number, why: SignIn) => {
    if (latest.current?.id !== id) return;
    latest.current.api.close?.();
    latest.current = undefined;
    setSignIn(why);
    setSession(undefined);
  }).current;

  // The link works once: it is traded once even when an effect runs twice (StrictMode in development).
  const traded = useRef(false);
  useEffect(() => {
    if (link === undefined || traded.current) return;
    traded.current = true;
    signInWith(link);
  }, [link, signInWith]);

  useEffect(() => watchSignInLink(scope, signInWith), [scope, signInWith]);

  if (!session) return <SignInNeeded signIn={signIn} reloaded={reloaded} requestLink={requestLink} />;
  const signOut = () => {
    const { api, id } = session;
    void api.signOut?.();
    signedOut(id, { state: 'signedOut' });
  };
  return <App key={session.id} api={session.api} connection={connection} requestLink={requestLink} onSignOut={signOut} {...(clock ? { clock } : {})} />;
}
