import type { WireError } from '../../shared/errors';

export interface SignInNeededProps {
  signIn: { state: 'none' } | { state: 'waiting' } | { state: 'refused'; error: WireError } | { state: 'lost' };
  /** The tab was reloaded: its session, kept in memory only, went with the page. */
  reloaded?: boolean;
}

const NEW_LINK = 'connected-services serve --ui-link';

/** `rules`: also say how long an address and a tab's session last (a refusal's message already says the first). */
function NewAddress({ rules = true }: { rules?: boolean }) {
  return (
    <p>
      For a new address, run <code>{NEW_LINK}</code> in a terminal: the running <code>serve</code> prints it where it runs.
      {rules ? ' Each address works once, within 10 minutes; a tab then stays signed in until it is closed or reloaded.' : ''}
    </p>
  );
}

/** Web mode without a session: the page cannot reach the core, and says how to fix that. */
export function SignInNeeded({ signIn, reloaded = false }: SignInNeededProps) {
  if (signIn.state === 'waiting') {
    return (
      <main id="main" aria-busy="true">
        <p>Signing in…</p>
      </main>
    );
  }
  if (signIn.state === 'refused') {
    return (
      <main id="main">
        <h1>This sign-in address no longer works</h1>
        <p>{signIn.error.message}.</p>
        <NewAddress rules={false} />
      </main>
    );
  }
  return (
    <main id="main">
      <h1>Open the address that serve printed</h1>
      {signIn.state === 'lost' ? (
        <p>The app did not answer: start it again with <code>connected-services serve</code>, then open the address it prints.</p>
      ) : reloaded ? (
        <p>
          Reloading signed this tab out: its session is kept in memory only, never on disk, where other programs could read it.
        </p>
      ) : (
        <p>
          This page needs a sign-in address that <code>connected-services serve</code> printed (it ends in <code>#token=…</code>).
        </p>
      )}
      <NewAddress />
    </main>
  );
}
