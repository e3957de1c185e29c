/** One item as `secret-tool search --all` prints it; `secret` is absent when its collection is locked. */
export interface SearchedItem {
  /** Its header (`/1`: libsecret 0.20 prints its object path's last segment). */
  path: string;
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
    items.push({ path: block[1] ?? '', attributes, ...(block[2] !== undefined ? { secret: block[2] } : {}) });
  }
  return { items, complaints };
}

/**
 * Whether the items read from secret-tool's answer are the Secret Service's own (`real`, their object
 * paths): a value holding lines of its shape can print a header of an item that is not there, with
 * attributes and a secret of its choosing. Headers are matched by their last segment, all secret-tool prints.
 */
export function sameItems(items: readonly SearchedItem[], real: readonly string[]): boolean {
  const last = (path: string) => path.slice(path.lastIndexOf('/'));
  const printed = items.map((item) => last(item.path)).sort();
  const listed = real.map(last).sort();
  return printed.length === listed.length && printed.every((path, index) => path === listed[index]);
}

/**
 * Whether a value, printed by `secret-tool search` as its item's secret, would read back as something
 * else: its lines ending the item early (`created = …` then `modified = …`) and starting another.
 * Lines of that shape that cannot end the item (`[default]` of an AWS credentials file, `label = x`)
 * read back whole, as the parser takes a secret up to the first fixed lines that follow it.
 */
export function holdsSearchLines(value: string): boolean {
  const printed = `[/org/freedesktop/secrets/collection/login/1]\nlabel = l\nsecret = ${value}\ncreated = 2026-12-02 01:53:12\nmodified = 2026-12-02 01:53:12\nschema = ${GENERIC_SCHEMA}\nattribute.service = s\n`;
  const items = parseSearch(printed)?.items;
  return items?.length !== 1 || items[0]?.secret !== value;
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
