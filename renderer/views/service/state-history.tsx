import type { StateChange } from '../../../shared/api';
import { CodeSpans } from '../../components';
import { timestamp } from '../../lib';

const WORDS: Record<StateChange['state'], string> = {
  idle: 'idle',
  starting: 'starting',
  ready: 'ready',
  needs_auth: 'needs sign-in',
  error: 'error',
  stopped: 'stopped',
};

/** State changes, newest first. */
export function StateHistory({ history }: { history: readonly StateChange[] }) {
  if (history.length === 0) return <p className="empty">No state changes yet.</p>;
  return (
    <ol className="history" reversed>
      {[...history].reverse().map((change, i) => (
        <li key={`${change.at}-${i}`}>
          <time dateTime={new Date(change.at).toISOString()}>{timestamp(change.at)}</time> <strong>{WORDS[change.state]}</strong>
          {change.error !== undefined && (
            <span className="muted">
              {' — '}
              <CodeSpans text={change.error.message} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
