import { CopyButton } from '../../components';
import { ConfigSnippet } from './config-snippet';

/**
 * A new agent token, shown this once: the core keeps only its hash. Closing the panel drops it
 * from memory; it is never stored by the UI.
 */
export function TokenOncePanel({ agent, token, onDone }: { agent: string; token: string; onDone: () => void }) {
  return (
    <section className="token-once note note-warn" aria-labelledby="token-once-title">
      <h2 id="token-once-title">Token for {agent}</h2>
      <p>Copy it now: it will not be shown again. If you lose it, rotate the token.</p>
      <p className="token-line">
        <code className="token">{token}</code>
        <CopyButton text={token} label="Copy token" />
      </p>
      <ConfigSnippet agent={agent} token={token} />
      <button type="button" className="button primary" onClick={onDone}>
        I have saved it
      </button>
    </section>
  );
}
