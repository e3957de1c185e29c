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
 *
 * `disabled`: the pool's last word for a turned-off service is "stopped" or "idle", while its badge
 * says "disabled"; the history says so too, on a line of its own above the changes. It has no time:
 * the core records when a service stopped, not when it was turned off.
 */
export function StateHistory({ history, disabled = false }: { history: readonly StateChange[]; disabled?: boolean }) {
  if (history.length === 0 && !disabled) return <p className="empty">No state changes yet.</p>;
  // As wide as the longest number and its full stop, so the times line up under each other.
  const place = { minWidth: `${String(history.length).length + 1}ch` };
  return (
    <ol className="history">
      {disabled && (
        <li className="history-now">
          <span className="history-place" style={place} />
          <span>
            <span className="muted">now</span> <strong>disabled</strong>
            <span className="muted"> — turned off: agents do not see it</span>
          </span>
        </li>
      )}
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
