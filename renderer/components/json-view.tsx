import { revealHidden } from '../../shared/text';

/** JSON as text, with hidden characters (bidi overrides, zero-width) shown escaped: it may come from an agent or a server. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json" role="group" aria-label={label} tabIndex={0}>
      {revealHidden(JSON.stringify(value, null, 2) ?? 'undefined', ['\n'])}
    </pre>
  );
}
