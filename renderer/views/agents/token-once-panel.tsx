import { useId, useState, type Ref } from 'react';
import type { ConfigTarget } from '../../../shared/api';
import { SecretField } from '../../components';
import { ConfigSnippet } from './config-snippet';

export interface TokenOncePanelProps {
  agent: string;
  token: string;
  /** The client whose configuration to show first; absent, the one the core assumes. */
  target?: ConfigTarget | undefined;
  /** Why that client, e.g. "the client you chose". */
  because?: string | undefined;
  onDone: () => void;
  /** The panel itself, where focus goes when it appears: the token must be copied now. */
  panelRef?: Ref<HTMLElement>;
}

/**
 * A new agent token, available this once: the core keeps only its hash. It stays hidden, in the
 * token line and in the configuration, until the person reveals it; the copy buttons copy it either
 * way. Closing the panel drops it from memory; it is never stored by the UI.
 */
export function TokenOncePanel({ agent, token, target, because, onDone, panelRef }: TokenOncePanelProps) {
  const [shown, setShown] = useState(false);
  // Several may be open at once (two agents made before either token was saved): each its own title.
  const titleId = useId();
  return (
    <section className="token-once note note-warn" aria-labelledby={titleId} ref={panelRef} tabIndex={-1} data-token-for={agent}>
      <h2 id={titleId}>Token for {agent}</h2>
      <p>Copy the configuration or the token now: the token will not be shown again. If you lose it, rotate the token.</p>
      <SecretField value={token} label="token" onReveal={() => setShown(true)} onHide={() => setShown(false)} />
      <ConfigSnippet agent={agent} token={token} tokenShown={shown} target={target} {...(because !== undefined ? { because } : {})} />
      <button type="button" className="button primary" onClick={onDone}>
        I have saved it
      </button>
    </section>
  );
}
