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

/**
 * State changes, newest first, each with its number. The numbers are text, not list markers: a
 * marker sits outside the scrolling box, which cuts "10." and up to ".0.".
 */
export function StateHistory({ history }: { history: readonly StateChange[] }) {
  if (history.length === 0) return <p className="empty">No state changes yet.</p>;
  // As wide as the longest number and its full stop, so the times line up under each other.
  const place = { minWidth: `${String(history.length).length + 1}ch` };
  return (
    <ol className="history">
      {[...history].reverse().map((change, i) => (
        <li key={`${change.at}-${i}`}>
          <span className="history-place" style={place}>
            {history.length - i}.
          </span>
          <span>
            <time dateTime={new Date(change.at).toISOString()}>{timestamp(change.at)}</time> <strong>{WORDS[change.state]}</strong>
            {change.error !== undefined && (
              <span className="muted">
                {' — '}
                <CodeSpans text={change.error.message} />
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
