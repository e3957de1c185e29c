import { visit, type JSONPath } from 'jsonc-parser';

/**
 * Server entries sit at most three keys deep (`projects.<folder>.mcpServers.<name>` in Claude Code's
 * `~/.claude.json`); deeper objects (its prompt history) are skipped unread.
 */
const DEEPEST_PARENT = 3;

/** A path as one string, to look up in a set. */
export function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

/**
 * The keys written twice in one object, each as the path of the key (`pathKey`), down to where
 * server entries sit. JSON.parse keeps only the last of them, as the clients do, silently.
 */
export function keysNamedTwice(text: string): Set<string> {
  const twice = new Set<string>();
  // One per open object; undefined for one skipped (its end is still reported).
  const seen: (Set<string> | undefined)[] = [];
  visit(
    text,
    {
      onObjectBegin: (_offset, _length, _line, _column, path: () => JSONPath) => {
        const open = path().length <= DEEPEST_PARENT;
        seen.push(open ? new Set() : undefined);
        return open;
      },
      onObjectProperty: (property, _offset, _length, _line, _column, path: () => JSONPath) => {
        const keys = seen.at(-1);
        if (keys === undefined) return;
        if (keys.has(property)) twice.add(pathKey([...path(), property]));
        keys.add(property);
      },
      onObjectEnd: () => {
        seen.pop();
      },
      onArrayBegin: (_offset, _length, _line, _column, path: () => JSONPath) => path().length < DEEPEST_PARENT,
    },
    { allowTrailingComma: true, disallowComments: false },
  );
  return twice;
}
