/**
 * Whether a bundle's file name can be held the same on every system a data folder may move to.
 * Windows rules, from Microsoft's "Naming Files, Paths, and Namespaces" (§ Naming Conventions):
 * a name Linux or macOS takes as it is, Windows refuses, renames or opens as a device.
 */

/** Characters Windows refuses in a file name (control characters are counted apart). */
const FORBIDDEN = '<>:"|?*';

/** Device names Windows keeps, in any case, alone or before an extension (`NUL.txt`, `nul.tar.gz`). */
const DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;

function segmentProblem(segment: string): string | undefined {
  for (const char of segment) {
    if (char.charCodeAt(0) < 0x20) return `a control character (code ${char.charCodeAt(0)})`;
    if (FORBIDDEN.includes(char)) return `the character ${JSON.stringify(char)}, which Windows does not allow in file names`;
  }
  if (segment === '.' || segment === '..') return undefined;
  // Windows drops a trailing dot or space: "a." and "a" would become one file.
  if (segment.endsWith('.')) return `the name ${JSON.stringify(segment)} ending in a dot, which Windows drops`;
  if (segment.endsWith(' ')) return `the name ${JSON.stringify(segment)} ending in a space, which Windows drops`;
  // The stem before the first dot, its trailing spaces dropped as Windows does ("CON .txt" is CON too).
  const stem = (segment.split('.')[0] ?? '').trimEnd();
  if (DEVICE.test(stem)) return `the name ${JSON.stringify(segment)}, which Windows keeps for a device (${stem.toUpperCase()})`;
  return undefined;
}

/**
 * What keeps `name` (a zip entry's path, parts split by "/") from being a portable file name, or
 * undefined when every part of it is portable.
 */
export function unportableReason(name: string): string | undefined {
  for (const segment of name.split('/')) {
    const problem = segmentProblem(segment);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
