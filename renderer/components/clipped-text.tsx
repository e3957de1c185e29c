import { useEffect, useRef, useState } from 'react';
import { observeSize } from './shared-resize';

/** Longer than this, a one-line text is likely cut by its ellipsis: offer to show it whole. */
const CLIP_AT = 70;

/**
 * A one-line text cut with an ellipsis where space is short; the whole text is in the tooltip and,
 * for long texts and shorter ones the ellipsis cut, behind a "more" toggle that a keyboard reaches too.
 */
export function ClippedText({ text, className, label, what = 'description' }: { text: string; className: string; label: string; what?: 'description' | 'command' | 'address' }) {
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  // A short text is cut too when its column is narrow (a catalog entry's at 1280 px holds ~45
  // characters). Measured when laid out only: a row the page has not laid out yet (content-visibility)
  // is not forced to be.
  useEffect(() => {
    const element = ref.current;
    if (element === null || text.length > CLIP_AT || typeof ResizeObserver === 'undefined') return;
    return observeSize(element, () => setCut(element.scrollWidth > element.clientWidth));
  }, [text]);
  // One line with its toggle at its end: the toggle does not take a line of its own under it.
  return (
    <span className="clipped-line">
      <span ref={ref} className={`${className} clipped${open ? ' unclipped' : ''}`} title={text}>
        {text}
      </span>
      {(text.length > CLIP_AT || cut || open) && (
        <button type="button" className="button small quiet more-toggle" aria-expanded={open} aria-label={`${open ? 'Less' : 'More'} of the ${what} of ${label}`} onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </button>
      )}
    </span>
  );
}
