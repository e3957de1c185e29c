/** A line shorter than this is left to the whole value's match: too likely to be ordinary text. */
const MIN_LINE = 20;
/** PEM's armor lines (RFC 7468 §2) are the same in every key: not secret, and common in documentation. */
const PEM_ARMOR = /^-----(BEGIN|END) [A-Z0-9 ]+-----$/;

/**
 * The parts of a secret that text may hold without the rest of it: the value without the white
 * space around it (a file's last newline; fetch trims a header value, RFC 9110 §5.5) and each of its
 * long lines (one line of a key of several in an error message). The value itself is not among them.
 */
export function secretLinePieces(value: string): string[] {
  const pieces = new Set<string>();
  const trimmed = value.trim();
  pieces.add(trimmed);
  if (/[\r\n]/.test(trimmed)) {
    for (const raw of trimmed.split(/\r\n|\r|\n/)) {
      const line = raw.trim();
      if (line.length >= MIN_LINE && !PEM_ARMOR.test(line)) pieces.add(line);
    }
  }
  pieces.delete(value);
  pieces.delete('');
  return [...pieces];
}
