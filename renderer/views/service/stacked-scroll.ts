/** Where a box or row lies on the screen (getBoundingClientRect), in px. */
export interface Span {
  top: number;
  height: number;
}

/**
 * How far a scroll box moves to show a row whole, as block 'nearest' would (CSSOM View, "scroll an
 * element into view"): up to a row cut off at its top, or taller than the box, down to one cut off below.
 */
export function rowScrollChange(box: Span, row: Span): number {
  if (row.top < box.top || row.height > box.height) return row.top - box.top;
  const below = row.top + row.height - (box.top + box.height);
  return below > 0 ? below : 0;
}
