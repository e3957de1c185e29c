import { cutText, groupDigits } from '../../shared/text';
import { shownText } from '../lib';

/**
 * How many code points of a server's description a list shows. A browser lays out one unbroken word
 * in time that grows faster than its length (20,000 characters: most of a second), so a server's
 * 200 such descriptions held the window for minutes.
 */
export const MAX_DESCRIPTION = 1_000;

/** A server's description as a paragraph, its head only when long, saying how much is not shown. */
export function CutDescription({ text, className, as: Tag = 'p' }: { text: string; className?: string; as?: 'p' | 'span' }) {
  const shown = cutText(text, MAX_DESCRIPTION);
  const rest = shown === text ? 0 : Array.from(text).length - (MAX_DESCRIPTION - 1);
  return (
    <Tag className={className}>
      {shownText(shown)}
      {rest > 0 && <span className="muted"> ({groupDigits(rest)} more characters not shown)</span>}
    </Tag>
  );
}
