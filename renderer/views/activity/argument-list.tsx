import { revealHidden } from '../../../shared/text';
import { Folded } from './approval-arguments';

/** A value as a person reads it: a string as its text, a list of plain values joined, anything else as compact JSON. */
function readable(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => (typeof item === 'string' ? item : String(JSON.stringify(item)))).join(', ');
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** One value, hidden characters escaped (bidi overrides, zero-width), folded when long with a button to see all. */
function Value({ value }: { value: unknown }) {
  const text = readable(value);
  return <Folded shown={revealHidden(text)} text={text} />;
}

/**
 * A call's arguments as a list of names and values, for reading before deciding: the values are the
 * core's (redacted, a long one cut and saying so); the raw JSON is behind "Details" beside it.
 */
export function ArgumentList({ value, label }: { value: Record<string, unknown>; label: string }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <p className="muted">No arguments.</p>;
  // The group (named, focusable to scroll by keyboard) wraps the list: a role on the <dl> itself would
  // take its list semantics away, and its terms and values with them.
  return (
    <div className="argument-list-scroll" role="group" aria-label={label} tabIndex={0}>
      <dl className="argument-list">
        {entries.map(([name, item]) => (
          <div key={name}>
            <dt>{revealHidden(name)}</dt>
            <dd>
              <Value value={item} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
