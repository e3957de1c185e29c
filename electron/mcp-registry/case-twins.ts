/**
 * Paths that differ only in case or Unicode normalization: Linux holds them as two files or
 * folders, Windows and macOS (by default) as one, so one of them is lost or merged there.
 */

const folded = (path: string): string => path.normalize('NFC').toLowerCase();

/** Two spellings of one path on Windows and macOS: the one seen first, and the one that is its twin. */
export interface CaseTwin {
  earlier: string;
  later: string;
}

/**
 * A checker fed a bundle's entry names in order: for each, the first of its folders or itself that
 * twins an earlier spelling, or undefined. Names the same byte for byte are no twins.
 */
export function caseTwins(): (name: string) => CaseTwin | undefined {
  const seen = new Map<string, string>();
  return (name) => {
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    for (let end = 1; end <= parts.length; end += 1) {
      const path = parts.slice(0, end).join('/');
      const key = folded(path);
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, path);
      else if (earlier !== path) return { earlier, later: path };
    }
    return undefined;
  };
}
