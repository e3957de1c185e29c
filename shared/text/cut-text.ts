/**
 * How many code points a display name (a tool's, prompt's or resource's `title`) keeps: MCP titles
 * are names a person reads in a heading or a list, and one unbroken line of 300,000 characters takes
 * a browser about a minute to lay out.
 */
export const MAX_TITLE = 200;

/**
 * `text` cut to at most `max` code points, `…` ending a cut one (so `max` counts it). By code points:
 * a cut inside a surrogate pair would leave half a character. Reads only the head of a long text.
 */
export function cutText(text: string, max: number): string {
  // A code point is at most two code units: a text this short in units is within `max` points.
  if (text.length <= max) return text;
  const points: string[] = [];
  for (const point of text) {
    points.push(point);
    if (points.length > max) return `${points.slice(0, max - 1).join('')}…`;
  }
  return text;
}

/** A title as we keep and show it: at most MAX_TITLE code points. */
export function cutTitle<T extends string | undefined>(title: T): T {
  return (title === undefined ? title : cutText(title, MAX_TITLE)) as T;
}

/**
 * `text` cut to at most `max` code points by replacing its middle with `…`: for an address, whose
 * host (at the start) and endpoint (at the end) both say which one it is.
 */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${points.slice(0, head).join('')}…${tail > 0 ? points.slice(-tail).join('') : ''}`;
}
