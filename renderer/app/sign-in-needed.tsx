import type { ReactNode } from 'react';
import { idleTime } from '../../shared/config';
import type { WireError } from '../../shared/errors';
import { requestSignInLink, type LinkRequestOutcome } from '../api';
import { Brand } from './brand';
import { pageIdleLimit } from './idle-limit';
import { NewAddressButton } from './new-address-button';
import './sign-in-needed.css';

export interface SignInNeededProps {
  signIn:
    | { state: 'none' }
    | { state: 'waiting' }
    | { state: 'refused'; error: WireError }
    | { state: 'lost' }
    /** The server ended the session for want of use; `message` says after how long. */
    | { state: 'idle'; message: string }
    | { state: 'signedOut' };
  /** The tab was reloaded: its session, kept in memory only, went with the page. */
  reloaded?: boolean;
  /** Has the running serve print a new address where it runs (tests pass a fake). */
  requestLink?: () => Promise<LinkRequestOutcome>;
  /** `settings.uiSessionIdleMs`; default: as serve wrote it into the page (idle-limit.ts). */
  idleMs?: number;
}

const NEW_LINK = 'connected-services serve --ui-link';

/** The button, and the same from any terminal; with `idleMs`, also how long an address and a tab's session last. */
function NewAddress({ idleMs, requestLink }: { idleMs?: number; requestLink: () => Promise<LinkRequestOutcome> }) {
  return (
    <>
      <NewAddressButton requestLink={requestLink} />
      <p className="muted">
        The same from any terminal: <code>{NEW_LINK}</code>.
        {idleMs !== undefined
          ? ` A tab stays signed in until it is closed, reloaded or signed out, or goes ${idleTime(idleMs)} without use (Settings → Web UI sign-in changes that).`
          : ''}
      </p>
    </>
  );
}

/** The page under the app's name, as every screen is (the signed-out page has no sections to show). */
function SignedOut({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <>
      <header className="app-header">
        <Brand />
      </header>
      <main id="main" className="sign-in-needed" {...(busy ? { 'aria-busy': true } : {})}>
        {children}
      </main>
    </>
  );
}

/** Web mode without a session: the page cannot reach the core, and says how to fix that. */
export function SignInNeeded({ signIn, reloaded = false, requestLink = requestSignInLink, idleMs }: SignInNeededProps) {
  if (signIn.state === 'waiting') {
    return (
      <SignedOut busy>
        <p>Signing in…</p>
      </SignedOut>
    );
  }
  if (signIn.state === 'refused') {
    return (
      <SignedOut>
        <h1>This sign-in address no longer works</h1>
        <p>{signIn.error.message}.</p>
        <NewAddress requestLink={requestLink} />
      </SignedOut>
    );
  }
  if (signIn.state === 'idle' || signIn.state === 'signedOut') {
    return (
      <SignedOut>
        <h1>This tab is signed out</h1>
        <p>{signIn.state === 'idle' ? `${signIn.message}: sign in again with a new address.` : 'You signed out: this tab’s session has ended, here and in serve.'}</p>
        <NewAddress requestLink={requestLink} />
      </SignedOut>
    );
  }
  if (signIn.state === 'lost') {
    return (
      <SignedOut>
        <h1>Open the address that serve printed</h1>
        <p>The app did not answer: start it again with <code>connected-services serve</code>, then open the address it prints.</p>
      </SignedOut>
    );
  }
  return (
    <SignedOut>
      <h1>Open the address that serve printed</h1>
      {reloaded ? (
        <p>Reloading signed this tab out: its session is kept in memory only, never on disk, where other programs could read it.</p>
      ) : (
        <p>
          This page needs a sign-in address that <code>connected-services serve</code> printed (it ends in <code>#token=…</code>).
        </p>
      )}
      <NewAddress idleMs={idleMs ?? pageIdleLimit()} requestLink={requestLink} />
    </SignedOut>
  );
}
