/** Where a box or row lies on the screen (getBoundingClientRect), in px. */
export interface Span {
  top: number;
  height: number;
}

/**
 * How far a scroll box moves to show a row whole, as block 'nearest' would (CSSOM View, "scroll an
 * element into view"): up to a row cut off at its top, or taller than the box, down to one cut off below.
 * Rounded outward: a fractional place (a zoomed page) left a sliver of the row's border clipped.
 */
export function rowScrollChange(box: Span, row: Span): number {
  if (row.top < box.top || row.height > box.height) return Math.floor(row.top - box.top);
  const below = row.top + row.height - (box.top + box.height);
  return below > 0 ? Math.ceil(below) : 0;
}

/**
 * The room above the details' heading when the page scrolls it to the top (its scroll-margin-top): as
 * much as the chosen row above it takes, so the page stops with that row at the window's top, not past it.
 */
export function roomForRow(headingTop: number, rowTop: number): number {
  return Math.max(0, Math.ceil(headingTop - rowTop));
}
