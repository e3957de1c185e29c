import type { VaultHealth } from '../../../shared/vault';
import { Badge, CodeSpans } from '../../components';
import { shownLine, timestamp } from '../../lib';

const SAFETY = {
  encrypted: { tone: 'ok', text: 'encrypted' },
  'memory-only': { tone: 'warn', text: 'memory only (lost when the app stops)' },
  'insecure-plaintext': { tone: 'error', text: 'NOT encrypted (clear-text file)' },
} as const;

export function VaultPanel({ vault }: { vault: VaultHealth }) {
  const safety = SAFETY[vault.safety];
  return (
    <section aria-labelledby="vault-title" className="panel">
      <h2 id="vault-title">Credential vault</h2>
      <dl className="facts">
        <dt>Key from</dt>
        <dd>{shownLine(vault.providerLabel)}</dd>
        <dt>Safety</dt>
        <dd>
          <Badge tone={safety.tone}>{safety.text}</Badge>
        </dd>
        <dt>State</dt>
        <dd>{vault.state}</dd>
        {vault.file !== undefined && (
          <>
            <dt>File</dt>
            <dd>
              <code>{shownLine(vault.file)}</code> {vault.fileExists ? '' : <span className="muted">(created on the first secret)</span>}
            </dd>
          </>
        )}
        <dt>Entries</dt>
        <dd>{vault.entryCount}</dd>
      </dl>
      <p className={vault.safety === 'encrypted' && vault.state === 'ready' ? 'muted' : 'note note-warn'}>
        <CodeSpans text={vault.message} />
      </p>
      {vault.corruptFiles.length > 0 && (
        <div className="note note-error">
          <p>Unreadable vault files were moved aside (never deleted):</p>
          <ul>
            {vault.corruptFiles.map((f) => (
              <li key={f.path}>
                <code>{shownLine(f.path)}</code> on {timestamp(f.movedAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
