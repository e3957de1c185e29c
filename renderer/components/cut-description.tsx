import { cutText, groupDigits } from '../../shared/text';
import { shownText } from '../lib';

/**
 * How many code points of a server's description a list shows. A browser lays out one unbroken word
 * in time that grows faster than its length (20,000 characters: most of a second), so a server's
 * 200 such descriptions held the window for minutes.
 */
export const MAX_DESCRIPTION = 1_000;

/** How much of one description a page about that one thing shows (a tool's): real ones are far shorter. */
export const MAX_DETAIL = 20_000;

/** A server's description as a paragraph, its first `max` code points only, saying how much is not shown. */
export function CutDescription({ text, className, as: Tag = 'p', max = MAX_DESCRIPTION }: { text: string; className?: string; as?: 'p' | 'span'; max?: number }) {
  const shown = cutText(text, max);
  const rest = shown === text ? 0 : Array.from(text).length - (max - 1);
  return (
    <Tag className={className}>
      {shownText(shown)}
      {rest > 0 && <span className="muted"> ({groupDigits(rest)} more characters not shown)</span>}
    </Tag>
  );
}
