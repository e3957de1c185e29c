import { useState } from 'react';

/** Longer than this, a one-line text is likely cut by its ellipsis: offer to show it whole. */
const CLIP_AT = 70;

/**
 * A one-line text cut with an ellipsis where space is short; the whole text is in the tooltip and,
 * for long texts, behind a "more" toggle that a keyboard reaches too.
 */
export function ClippedText({ text, className, label }: { text: string; className: string; label: string }) {
  const [open, setOpen] = useState(false);
  // One line with its toggle at its end: the toggle does not take a line of its own under it.
  return (
    <span className="clipped-line">
      <span className={`${className} clipped${open ? ' unclipped' : ''}`} title={text}>
        {text}
      </span>
      {text.length > CLIP_AT && (
        <button type="button" className="button small quiet more-toggle" aria-expanded={open} aria-label={`${open ? 'Less' : 'More'} of the description of ${label}`} onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </button>
      )}
    </span>
  );
}
