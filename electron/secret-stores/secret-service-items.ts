/** One item as `secret-tool search --all` prints it; `secret` is absent when its collection is locked. */
export interface SearchedItem {
  attributes: Map<string, string>;
  secret?: string;
}

export interface SearchAnswer {
  items: SearchedItem[];
  /** secret-tool's own lines (`secret-tool: Cannot get secret of a locked object`), without the prefix. */
  complaints: string[];
}

/** What libsecret's `secret-tool store` adds on some versions: not another program's mark. */
const GENERIC_SCHEMA = 'org.freedesktop.Secret.Generic';
// Empty for an item of a collection not unlocked since the keyring started (its attributes hashed too).
const DATE = String.raw`(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)?`;
/**
 * An item's block. Its secret may hold newlines; it ends at the fixed lines that follow it. Attribute
 * lines come last (libsecret 0.20 prints them on stderr, so both streams are read as one, in order).
 */
const BLOCK = new RegExp(
  String.raw`\[([^\]\n]*)\]\nlabel = [\s\S]*?\n(?:secret = ([\s\S]*?)\n)?created = ${DATE}\nmodified = ${DATE}\n(?:schema = ([^\n]*)\n)?((?:attribute\.[^\n]*\n)*)`,
  'y',
);
const COMPLAINT = /secret-tool: ([^\n]*)\n/y;

/**
 * Reads `secret-tool search --all` (stderr merged into stdout). Undefined when the text is not in
 * that shape: a caller never takes a guess at which item a value belongs to.
 */
export function parseSearch(text: string): SearchAnswer | undefined {
  const items: SearchedItem[] = [];
  const complaints: string[] = [];
  const paths = new Set<string>();
  const input = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  let at = 0;
  while (at < input.length) {
    COMPLAINT.lastIndex = at;
    const complaint = COMPLAINT.exec(input);
    if (complaint !== null) {
      complaints.push(complaint[1] ?? '');
      at = COMPLAINT.lastIndex;
      continue;
    }
    BLOCK.lastIndex = at;
    const block = BLOCK.exec(input);
    // An item printed twice is a value holding lines of this shape: which lines are whose is not known.
    if (block === null || paths.has(block[1] ?? '')) return undefined;
    paths.add(block[1] ?? '');
    at = BLOCK.lastIndex;
    const attributes = new Map<string, string>();
    if (block[3] !== undefined) attributes.set('xdg:schema', block[3]);
    for (const line of (block[4] ?? '').split('\n')) {
      const match = /^attribute\.(.*?) = (.*)$/.exec(line);
      if (match !== null) attributes.set(match[1] ?? '', match[2] ?? '');
    }
    items.push({ attributes, ...(block[2] !== undefined ? { secret: block[2] } : {}) });
  }
  return { items, complaints };
}

/** A line as `secret-tool search` prints it around a value: a value holding one could read back as another item. */
const SEARCH_LINE = /^(?:\[[^\]\n]*\]|(?:label|secret|created|modified|schema|attribute\.[^\n]*?) = [^\n]*|secret-tool: [^\n]*)$/;

/**
 * Whether a value holds a line shaped like secret-tool's search output (`[/1]`, `secret = …`,
 * `attribute.x = …`) after its first, which secret-tool prints after its own `secret = `.
 */
export function holdsSearchLines(value: string): boolean {
  return value.split('\n').slice(1).some((line) => SEARCH_LINE.test(line));
}

/**
 * Whether an item's attributes are exactly those asked (`name, value, name, value…`): the Secret
 * Service finds every item with at least them, another program's among them.
 */
export function hasExactly(item: SearchedItem, asked: readonly string[]): boolean {
  const wanted = new Map<string, string>();
  for (let i = 0; i + 1 < asked.length; i += 2) wanted.set(asked[i] ?? '', asked[i + 1] ?? '');
  const own = new Map(item.attributes);
  if (!wanted.has('xdg:schema') && own.get('xdg:schema') === GENERIC_SCHEMA) own.delete('xdg:schema');
  if (own.size !== wanted.size) return false;
  return [...wanted].every(([key, value]) => own.get(key) === value);
}

/** A stored value as a reference reads it: one trailing line break dropped, as pass's first line drops it. */
export function withoutLineEnd(value: string): string {
  return value.replace(/\r?\n$/, '');
}
