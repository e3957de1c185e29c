/**
 * Generated parts of a hand-written page sit between `<!-- generated:NAME:start -->` and
 * `<!-- generated:NAME:end -->`; everything outside them is prose that no generator touches.
 */

function markers(name) {
  return { start: `<!-- generated:${name}:start -->`, end: `<!-- generated:${name}:end -->` };
}

/** Where the part NAME is: the text between its markers, or an error naming the page and the markers. */
export function findGenerated(text, name, page = 'the page') {
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < 0 || to < from || text.indexOf(start, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new Error(`${page} needs exactly one pair of markers ${start} … ${end}, in that order`);
  }
  return { bodyStart: from + start.length, bodyEnd: to, body: text.slice(from + start.length, to) };
}

/** The text with the part NAME replaced by `body` (framed by one newline each side). */
export function replaceGenerated(text, name, body, page) {
  const { bodyStart, bodyEnd } = findGenerated(text, name, page);
  return `${text.slice(0, bodyStart)}\n${body.replace(/^\n+|\n+$/g, '')}\n${text.slice(bodyEnd)}`;
}
